import { fromBase64Url } from './base64-url.ts';
import { JournalDecryptionError } from './crypto-errors.ts';
import { ENCRYPTED_PREFIX } from './encrypted-value.ts';
import { fieldAssociatedData, type FieldAddress } from './field-address.ts';

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** One decoder for every value: without `stream` it holds no state between calls. */
const DECODER = new TextDecoder();

/**
 * The value encryptField sealed for this address. Throws JournalDecryptionError — never returns a
 * partial or guessed value — when the text is not a ciphertext of this format, was altered, belongs to
 * another field or entry, or was sealed under another key.
 */
export async function decryptField(key: CryptoKey, address: FieldAddress, text: string): Promise<unknown> {
  const where = `${address.table}.${address.field} of ${address.id}`;
  if (!text.startsWith(ENCRYPTED_PREFIX)) throw new JournalDecryptionError(where);
  let joined: Uint8Array<ArrayBuffer>;
  try {
    joined = fromBase64Url(text.slice(ENCRYPTED_PREFIX.length));
  } catch {
    throw new JournalDecryptionError(where);
  }
  if (joined.length < IV_BYTES + TAG_BYTES) throw new JournalDecryptionError(where);
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: joined.subarray(0, IV_BYTES), additionalData: fieldAssociatedData(address) },
      key,
      joined.subarray(IV_BYTES),
    );
  } catch {
    throw new JournalDecryptionError(where);
  }
  return JSON.parse(DECODER.decode(plain)) as unknown;
}
