import type { MurmurDatabase } from '../../../db/schema.ts';
import type { ArchiveRecording } from './archive-format.ts';

/** A recording's audio, read piece by piece so a long recording is never whole in memory. */
export type AudioBytes = AsyncIterable<Uint8Array>;

/** The audio of a recording for the archive, or null when it cannot be had (not here, offline). */
export type RecordingAudioSource = (recording: ArchiveRecording) => Promise<AudioBytes | null>;

/** Fetches audio this device does not hold (from Storage); throws when it cannot. */
export type AudioDownload = (recordingId: string) => Promise<Blob>;

const EXTENSIONS: Record<string, string> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/flac': 'flac',
};

/** recordings/<id>.webm: the extension from the MIME type without its parameters (";codecs=opus"). */
export function audioPath(recording: Pick<ArchiveRecording, 'id' | 'mime_type'>): string {
  const base = recording.mime_type.split(';')[0]?.trim().toLowerCase() ?? '';
  return `recordings/${recording.id}.${EXTENSIONS[base] ?? 'audio'}`;
}

const BLOB_SLICE = 1024 * 1024;

async function* blobBytes(blob: Blob): AudioBytes {
  for (let start = 0; start < blob.size; start += BLOB_SLICE) {
    yield new Uint8Array(await blob.slice(start, start + BLOB_SLICE).arrayBuffer());
  }
}

async function* chunkBytes(db: MurmurDatabase, keys: [string, number][]): AudioBytes {
  for (const key of keys) {
    const chunk = await db.audio_chunks.get(key);
    if (!chunk) throw new Error(`audio chunk ${key.join('/')} vanished during the export`);
    yield new Uint8Array(chunk.data);
  }
}

/**
 * The audio as this device holds it (its chunks, one at a time, in order), else — when `download` is
 * given and the recording was uploaded — from Storage. A recording whose audio is neither here nor
 * reachable gives null: the archive still has its metadata and transcript, and the caller reports it.
 */
export function recordingAudio(db: MurmurDatabase, download?: AudioDownload): RecordingAudioSource {
  return async (recording) => {
    const keys = (await db.audio_chunks
      .where('[recording_id+seq]')
      .between([recording.id, -Infinity], [recording.id, Infinity])
      .primaryKeys()) as [string, number][];
    if (keys.length > 0) return chunkBytes(db, keys);
    const synced = await db.recordings.get(recording.id);
    if (!download || !synced?.uploaded_at) return null;
    try {
      return blobBytes(await download(recording.id));
    } catch (error) {
      console.error(`Downloading the audio of recording ${recording.id} for the export failed`, error);
      return null;
    }
  };
}
