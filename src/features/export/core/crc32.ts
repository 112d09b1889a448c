/** CRC-32 (IEEE 802.3, the zip checksum) lookup table, built once. */
const TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** Continues a CRC-32 over more bytes: start from 0, feed pieces in order. */
export function crc32(previous: number, bytes: Uint8Array): number {
  let c = ~previous;
  for (const byte of bytes) c = (TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return ~c >>> 0;
}
