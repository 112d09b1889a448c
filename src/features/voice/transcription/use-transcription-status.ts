import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';

import { useUserData } from '../../../lib/user-data/use-user-data.ts';
import { useSettings } from '../../settings/index.ts';
import { onlineAtom } from './online-atom.ts';
import { transcribesOnDevice } from './transcription-transport.ts';

export type TranscriptionStatus = 'queued' | 'waiting' | 'transcribing' | 'done' | 'failed';

/**
 * What the user sees of a recording's transcription: its job's state, and the connection it waits
 * for (none when it is transcribed on this device).
 */
export function useTranscriptionStatus(recordingId: string | null): TranscriptionStatus | undefined {
  const userData = useUserData();
  const onDevice = transcribesOnDevice(useSettings().settings);
  const online = useAtomValue(onlineAtom);
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
