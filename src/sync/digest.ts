import type { TableDigest } from './protocol.ts';

/**
 * Per-table digest (R28): count of rows and the sum, modulo 2^32, of the 32-bit FNV-1a hash of
 * `<id>:<server_version>` over every row the server has for the user (tombstones included). Cheap to
 * compute in SQL and in the client; order-independent.
 */
function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i) & 0xff;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

export function digestRows(rows: Iterable<{ id: string; version: number }>): TableDigest {
  let count = 0;
  let hash = 0;
  for (const row of rows) {
    count++;
    hash = (hash + fnv1a32(`${row.id}:${row.version}`)) % 0x1_0000_0000;
  }
  return { count, hash };
}
