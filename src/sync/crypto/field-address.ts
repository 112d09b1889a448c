/** Where an encrypted value belongs: bound into its ciphertext as associated data. */
export interface FieldAddress {
  table: string;
  id: string;
  field: string;
}

/** One encoder for every address: it holds no state between calls. */
const ENCODER = new TextEncoder();

/**
 * The associated data of a field's ciphertext. A ciphertext copied to another field, entry or table
 * fails authentication instead of decrypting there.
 */
export function fieldAssociatedData({ table, id, field }: FieldAddress): Uint8Array<ArrayBuffer> {
  return ENCODER.encode(`murmur:field:v1\u0000${table}\u0000${id}\u0000${field}`);
}
