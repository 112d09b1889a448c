import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';

import { useUserData } from '../../../lib/user-data/use-user-data.ts';
import { RecordingItem } from './recording-item.tsx';

/**
 * Recordings whose words have not arrived yet (waiting for a connection, retrying, or failed), so none
 * is out of sight while it waits — each with its state, its reason and its audio.
 */
export function WaitingRecordings() {
  const { t } = useTranslation();
  const userData = useUserData();
  const waiting = useLiveQuery(async () => {
    if (!userData) return [];
    const jobs = await userData.db.transcription_jobs
      .where('status')
      .anyOf('queued', 'running', 'failed')
      .toArray();
    const recordings = await userData.db.recordings.bulkGet(jobs.map((job) => job.recording_id));
    return recordings.filter((recording) => recording !== undefined && recording.deleted_at === null);
  }, [userData]);
  if (!userData || !waiting || waiting.length === 0) return null;
  return (
    <section aria-labelledby="waiting-recordings" className="card">
      <h2 id="waiting-recordings">{t('voice.waitingRecordings')}</h2>
      <ul className="link-list">
        {waiting.map((recording) =>
          recording ? (
            <RecordingItem key={recording.id} recording={recording} text="" db={userData.db} />
          ) : null,
        )}
      </ul>
    </section>
  );
}
