import type { MurmurDatabase } from '../db/schema.ts';

/** The recording's audio on this device as one Blob, or null when no chunk is here. */
export async function localAudioBlob(
  db: MurmurDatabase,
  recordingId: string,
  mimeType: string,
): Promise<Blob | null> {
  const chunks = await db.audio_chunks.where('recording_id').equals(recordingId).sortBy('seq');
  if (chunks.length === 0) return null;
  return new Blob(
    chunks.map((chunk) => chunk.data),
    { type: mimeType },
  );
}

/** True while the recording's synced row still has a change waiting in the outbox (not yet pushed). */
export async function recordingRowPending(db: MurmurDatabase, recordingId: string): Promise<boolean> {
  const queued = await db.outbox.where('[table+entity_id]').equals(['recordings', recordingId]).count();
  return queued > 0;
}
