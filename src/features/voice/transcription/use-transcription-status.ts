import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';

import { useUserData } from '../../../lib/user-data/use-user-data.ts';
import { useSettings } from '../../settings/use-settings.ts';
import { transcribesOnDevice } from './transcription-transport.ts';

export type TranscriptionStatus = 'queued' | 'waiting' | 'transcribing' | 'done' | 'failed';

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/**
 * What the user sees of a recording's transcription: its job's state, and the connection it waits
 * for (none when it is transcribed on this device).
 */
export function useTranscriptionStatus(recordingId: string | null): TranscriptionStatus | undefined {
  const userData = useUserData();
  const onDevice = transcribesOnDevice(useSettings().settings);
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  const job = useLiveQuery(
    async () =>
      userData && recordingId
        ? ((await userData.db.transcription_jobs.where('recording_id').equals(recordingId).last()) ?? null)
        : null,
    [userData, recordingId],
  );
  if (!job) return undefined;
  if (job.status === 'running') return 'transcribing';
  if (job.status === 'queued') return online || onDevice ? 'queued' : 'waiting';
  return job.status;
}
