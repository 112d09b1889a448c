import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';

import { useUserData } from '../../../lib/user-data/use-user-data.ts';
import styles from '../recorder/recorder.module.css';
import { RecordingItem } from './recording-item.tsx';

/** The recordings whose words went into this entry: when, how long, their transcription, their audio. */
export function EntryRecordings({ entryId, text }: { entryId: string; text: string }) {
  const { t } = useTranslation();
  const userData = useUserData();
  const recordings = useLiveQuery(
    async () =>
      userData
        ? (await userData.db.recordings.where('entry_id').equals(entryId).sortBy('created_at')).filter(
            (recording) => recording.deleted_at === null,
          )
        : [],
    [userData, entryId],
  );
  if (!userData || !recordings || recordings.length === 0) return null;
  return (
    <section aria-labelledby={`recordings-${entryId}`} className={styles.recordings}>
      <h2 id={`recordings-${entryId}`}>{t('voice.recordings')}</h2>
      <ul>
        {recordings.map((recording) => (
          <RecordingItem key={recording.id} recording={recording} text={text} db={userData.db} />
        ))}
      </ul>
    </section>
  );
}
