import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useUserData } from '../../../lib/user-data/use-user-data.ts';
import { useSettings } from '../../settings/index.ts';
import { formatDuration } from './format-duration.ts';
import styles from './recorder.module.css';
import { recordingsInProgress } from './recording-locks.ts';
import { useRecorder } from './use-recorder.ts';

/**
 * Recordings cut off by a closed tab, a crash or a reload, offered back at the next start with the
 * audio that reached the device: keep it (it is transcribed like any other) or let it go.
 */
export function InterruptedRecordings() {
  const { t } = useTranslation();
  const userData = useUserData();
  const { settings } = useSettings();
  const { state } = useRecorder();
  const [checked, setChecked] = useState(false);

  useEffect(() => {
    if (!userData) return;
    // Once per start: anything still 'recording' now belongs to a recorder that no longer runs.
    void recordingsInProgress()
      .then((live) => userData.commands.markInterruptedRecordings(live))
      .then(
        () => setChecked(true),
        (error: unknown) => console.error('Looking for interrupted recordings failed', error),
      );
  }, [userData]);

  const current = 'recordingId' in state ? state.recordingId : null;
  const offered = useLiveQuery(
    async () =>
      userData && checked ? userData.db.local_recordings.where('state').equals('interrupted').toArray() : [],
    [userData, checked],
  );
  const first = offered?.find((row) => row.recording_id !== current);
  if (!userData || !first) return null;

  const keep = () =>
    void userData.commands
      .keepRecording(first.recording_id, { keepAudio: !settings.auto_delete_recordings })
      .catch((error: unknown) => console.error('Keeping an interrupted recording failed', error));
  const discard = () =>
    void userData.commands
      .discardLocalRecording(first.recording_id)
      .catch((error: unknown) => console.error('Discarding an interrupted recording failed', error));

  return (
    <section className={`${styles.dock} ${styles.interrupted}`} aria-labelledby="interrupted-recording">
      <p id="interrupted-recording" role="status" className={styles.announcement}>
        {t('voice.interrupted', { duration: formatDuration(first.duration_ms) })}
      </p>
      <div className={styles.controls}>
        <button type="button" className="button button-primary" onClick={keep}>
          {t('voice.keep')}
        </button>
        <button type="button" className="button" onClick={discard}>
          {t('voice.discard')}
        </button>
      </div>
    </section>
  );
}
