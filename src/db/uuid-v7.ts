/**
 * UUIDv7 (RFC 9562): 48 bits of milliseconds, then random bits, so ids sort by creation time and
 * index well. Pure: time and random bytes are passed in.
 */
/** Each byte's two hex digits: an id is made on every change, autosaves included. */
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

export function uuidV7(nowMs: number, random: Uint8Array): string {
  if (random.length < 10) throw new Error('uuidV7 needs 10 random bytes');
  const bytes = new Uint8Array(16);
  let ms = Math.max(0, Math.floor(nowMs));
  for (let i = 5; i >= 0; i--) {
    bytes[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  bytes.set(random.subarray(0, 10), 6);
  bytes[6] = 0x70 | ((bytes[6] ?? 0) & 0x0f);
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  let hex = '';
  for (const byte of bytes) hex += HEX[byte];
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
