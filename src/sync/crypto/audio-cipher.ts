import { JournalDecryptionError, JournalLockedError } from './crypto-errors.ts';

/** The first bytes of a sealed recording: the format and its version (clear audio never starts so). */
const MAGIC = new TextEncoder().encode('MXA1');
const IV_BYTES = 12;

const associatedData = (recordingId: string) =>
  new TextEncoder().encode(`murmur:audio:v1\u0000recordings\u0000${recordingId}`);

/**
 * The IV of a recording's audio: derived from its id, so that an upload resumed after a reload sends
 * the same bytes from the offset the server confirmed. Safe because a recording's audio never changes
 * once kept: under one key, one IV only ever seals one plaintext.
 */
async function audioIv(recordingId: string): Promise<Uint8Array<ArrayBuffer>> {
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(`murmur:audio-iv:v1\u0000${recordingId}`),
  );
  return new Uint8Array(digest).slice(0, IV_BYTES);
}

/** Whether these bytes are a sealed recording rather than audio. */
export function isSealedAudio(bytes: Uint8Array): boolean {
  return bytes.length > MAGIC.length + IV_BYTES && MAGIC.every((byte, index) => bytes[index] === byte);
}

/**
 * A recording's audio as an encrypted journal stores it (ADR 0151): `MXA1`, the IV, then AES-GCM's
 * ciphertext and tag, bound to the recording's id, so audio moved to another recording does not open.
 */
export async function sealAudio(key: CryptoKey, recordingId: string, audio: Blob): Promise<Blob> {
  const iv = await audioIv(recordingId);
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: associatedData(recordingId) },
    key,
    await audio.arrayBuffer(),
  );
  return new Blob([MAGIC, iv, sealed], { type: audio.type });
}

/**
 * Audio downloaded from Storage as it plays: opened when sealed (JournalDecryptionError when it does
 * not open; JournalLockedError without a key), as it came when it was uploaded in clear.
 */
export async function openAudio(
  key: CryptoKey | null,
  recordingId: string,
  data: ArrayBuffer,
): Promise<ArrayBuffer> {
  const bytes = new Uint8Array(data);
  if (!isSealedAudio(bytes)) return data;
  if (!key) throw new JournalLockedError(`the audio of recording ${recordingId} is sealed`);
  try {
    return await crypto.subtle.decrypt(
      {
        name: 'AES-GCM',
        iv: bytes.slice(MAGIC.length, MAGIC.length + IV_BYTES),
        additionalData: associatedData(recordingId),
      },
      key,
      bytes.slice(MAGIC.length + IV_BYTES),
    );
  } catch {
    throw new JournalDecryptionError(`the audio of recording ${recordingId}`);
  }
}
