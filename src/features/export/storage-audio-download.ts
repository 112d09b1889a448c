import { heldJournalKey } from '../../db/journal-key.ts';
import type { MurmurDatabase } from '../../db/schema.ts';
import { openAudio } from '../../sync/crypto/audio-cipher.ts';
import { appConfig } from '../../lib/config.ts';
import { loadSupabase } from '../../lib/load-supabase.ts';
import type { AudioDownload } from './core/recording-audio.ts';

/**
 * Audio this device no longer holds (uploaded, then removed to save space), fetched from Storage for an
 * export. Null while offline: the export then reports those recordings instead of waiting on the network.
 */
export function storageAudioDownload(db: MurmurDatabase): AudioDownload | undefined {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return undefined;
  let transport: Promise<{ download(path: string): Promise<Blob> }> | undefined;
  return async (recordingId) => {
    const row = await db.recordings.get(recordingId);
    if (!row) throw new Error(`recording ${recordingId} is not on this device`);
    transport ??= Promise.all([import('../../lib/sync/storage-audio-transport.ts'), loadSupabase()]).then(
      ([{ createStorageAudioTransport }, supabase]) =>
        createStorageAudioTransport(supabase, appConfig.supabaseUrl, appConfig.supabaseAnonKey),
    );
    const downloaded = await (await transport).download(row.storage_path);
    // The archive holds audio as it was recorded, whether Storage keeps it sealed or clear.
    const audio = await openAudio(await heldJournalKey(db), recordingId, await downloaded.arrayBuffer());
    return new Blob([audio], { type: row.mime_type });
  };
}
