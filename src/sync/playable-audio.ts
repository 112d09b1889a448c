import type { LocalRecording } from '../db/entities/voice-local.ts';
import type { MurmurDatabase } from '../db/schema.ts';
import type { AudioDownloadTransport } from './audio-upload-transport.ts';
import { heldJournalKey } from '../db/journal-key.ts';
import { openAudio } from './crypto/audio-cipher.ts';
import { localAudioBlob } from './local-audio.ts';

/** The recording's audio is neither on this device nor (yet) in Storage. */
export class AudioUnavailableError extends Error {
  constructor(recordingId: string) {
    super(`The audio of recording ${recordingId} is not available yet`);
    this.name = 'AudioUnavailableError';
  }
}

/**
 * The recording's audio for playback: the chunks on this device, else a download from Storage (once the
 * synced row says it was uploaded), kept as one chunk so it plays offline next time. The cached copy is
 * marked uploaded, so eviction may remove it again under pressure.
 */
export async function playableAudio(
  db: MurmurDatabase,
  downloads: AudioDownloadTransport,
  recordingId: string,
): Promise<Blob> {
  const row = await db.recordings.get(recordingId);
  const local = await db.local_recordings.get(recordingId);
  const mimeType = local?.mime_type ?? row?.mime_type ?? 'application/octet-stream';
  const onDevice = await localAudioBlob(db, recordingId, mimeType);
  if (onDevice) return onDevice;
  if (!row || row.deleted_at !== null || row.uploaded_at === null)
    throw new AudioUnavailableError(recordingId);
  const downloaded = await downloads.download(row.storage_path);
  // Opened before it is kept: the device's copy is clear, as its entries are (ADR 0151).
  const data = await openAudio(await heldJournalKey(db), recordingId, await downloaded.arrayBuffer());
  await db.transaction('rw', db.audio_chunks, db.local_recordings, async () => {
    await db.audio_chunks.put({ recording_id: recordingId, seq: 0, data, at_ms: 0 });
    const cached: LocalRecording = local
      ? { ...local, audio_on_device: true }
      : {
          recording_id: recordingId,
          state: 'saved',
          started_at: row.created_at,
          mime_type: row.mime_type,
          size_bytes: data.byteLength,
          duration_ms: row.duration_ms,
          destination: { kind: 'new_note' },
          upload: {
            status: 'done',
            url: null,
            offset: data.byteLength,
            attempts: 0,
            next_attempt_at: null,
            last_error: null,
          },
          audio_on_device: true,
        };
    await db.local_recordings.put(cached);
  });
  return new Blob([data], { type: mimeType });
}
