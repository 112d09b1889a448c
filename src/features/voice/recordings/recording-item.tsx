import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Stored } from '../../../db/entities/common.ts';
import type { Recording } from '../../../db/entities/recording.ts';
import type { MurmurDatabase } from '../../../db/schema.ts';
import { useUserData } from '../../../lib/user-data/use-user-data.ts';
import { formatDuration } from '../recorder/format-duration.ts';
import styles from '../recorder/recorder.module.css';
import { transcriptionErrorText } from '../transcription/transcription-error-text.ts';
import { useTranscriptionStatus } from '../transcription/use-transcription-status.ts';
import { DeleteRecordingButton } from './delete-recording-button.tsx';
import { downloadRecording } from './download-recording.ts';
import { useLocalAudioUrl } from './use-local-audio-url.ts';
import { dateTimeFormat } from '../../../lib/i18n/intl-formats.ts';

/** One recording: when and how long, its transcription's state (and why it waits or failed), its audio. */
export function RecordingItem({
  recording,
  text,
  db,
}: {
  recording: Stored<Recording>;
  text: string;
  db: MurmurDatabase;
}) {
  const { t, i18n } = useTranslation();
  const userData = useUserData();
  const status = useTranscriptionStatus(recording.id);
  const [fetching, setFetching] = useState<'idle' | 'loading' | 'failed'>('idle');
  const url = useLocalAudioUrl(db, recording.id, recording.mime_type);
  const job = useLiveQuery(
    () => db.transcription_jobs.where('recording_id').equals(recording.id).last(),
    [db, recording.id],
  );
  const when = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(recording.created_at),
  );
  // Machine text stays marked while it is in the entry exactly as the service wrote it.
  const untouched = recording.transcript !== '' && text.includes(recording.transcript);
  return (
    <li className={styles.recordingItem}>
      <p>
        {t('voice.recordingOf', { when, duration: formatDuration(recording.duration_ms) })}
        {status && status !== 'done' ? <span role="status"> · {t(`voice.state.${status}`)}</span> : null}
        {untouched ? <span className={styles.machineText}> · {t('voice.machineText')}</span> : null}
      </p>
      {job?.last_error && status !== 'done' && status !== 'transcribing' ? (
        <p className={status === 'failed' ? styles.failure : undefined}>
          {transcriptionErrorText(job.last_error, t)}{' '}
          {status === 'failed' ? (
            <button
              type="button"
              className="button"
              onClick={() => void userData?.commands.retryTranscriptionJob(job.id)}
            >
              {t('voice.retry')}
            </button>
          ) : null}
        </p>
      ) : null}
      {url ? (
        // The transcript beside it is the text alternative; a speech recording has no captions track.
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <audio controls preload="metadata" src={url} aria-label={t('voice.playRecording', { when })} />
      ) : recording.uploaded_at ? (
        // Recorded on another device: its audio comes from Storage when asked, then stays here.
        <p>
          <button
            type="button"
            className="button"
            disabled={fetching === 'loading'}
            onClick={() => {
              setFetching('loading');
              downloadRecording(db, recording.id).then(
                () => setFetching('idle'),
                (error: unknown) => {
                  console.error('Downloading a recording failed', error);
                  setFetching('failed');
                },
              );
            }}
          >
            {fetching === 'loading' ? t('voice.downloading') : t('voice.download')}
          </button>
          {fetching === 'failed' ? <span role="alert"> {t('voice.downloadFailed')}</span> : null}
        </p>
      ) : null}
      <DeleteRecordingButton recordingId={recording.id} when={when} />
    </li>
  );
}
