import type { MurmurDatabase } from '../../../db/schema.ts';
import { appConfig } from '../../../lib/config.ts';
import { loadSupabase } from '../../../lib/load-supabase.ts';
import { playableAudio } from '../../../sync/playable-audio.ts';

/**
 * Brings a recording made on another device onto this one (from Storage) and keeps it here, so it
 * plays now and offline later. The transport loads only when asked.
 */
export async function downloadRecording(db: MurmurDatabase, recordingId: string): Promise<void> {
  const [{ createStorageAudioTransport }, supabase] = await Promise.all([
    import('../../../lib/sync/storage-audio-transport.ts'),
    loadSupabase(),
  ]);
  const transport = createStorageAudioTransport(supabase, appConfig.supabaseUrl, appConfig.supabaseAnonKey);
  await playableAudio(db, transport, recordingId);
}
