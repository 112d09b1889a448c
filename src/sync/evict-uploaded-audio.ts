import type { MurmurDatabase } from '../db/schema.ts';

/** Local audio above this is trimmed after uploads (oldest uploaded recordings first). */
export const LOCAL_AUDIO_BUDGET_BYTES = 200 * 1024 * 1024;

/**
 * Frees device space by deleting the audio chunks of recordings whose upload is done, oldest first,
 * until the audio on the device fits `budgetBytes`. Invariant: audio that is not safely in Storage
 * (any upload status but 'done') is never removed, even if the budget stays exceeded.
 * Returns the ids whose audio was removed.
 */
export async function evictUploadedAudio(db: MurmurDatabase, budgetBytes: number): Promise<string[]> {
  return db.transaction('rw', db.local_recordings, db.audio_chunks, async () => {
    const onDevice = (await db.local_recordings.toArray()).filter((r) => r.audio_on_device);
    let total = onDevice.reduce((sum, r) => sum + r.size_bytes, 0);
    const evictable = onDevice
      .filter((r) => r.upload.status === 'done')
      .sort((a, b) => a.started_at.localeCompare(b.started_at));
    const evicted: string[] = [];
    for (const recording of evictable) {
      if (total <= budgetBytes) break;
      await db.audio_chunks.where('recording_id').equals(recording.recording_id).delete();
      await db.local_recordings.update(recording.recording_id, { audio_on_device: false });
      total -= recording.size_bytes;
      evicted.push(recording.recording_id);
    }
    return evicted;
  });
}
