import { toBase64Url } from './base64-url.ts';
import { ENCRYPTED_PREFIX } from './encrypted-value.ts';
import { fieldAssociatedData, type FieldAddress } from './field-address.ts';

const IV_BYTES = 12;
/** One encoder for every value: it holds no state between calls. */
const ENCODER = new TextEncoder();

/**
 * A field's value (any JSON: text, tags, timed segments) encrypted with AES-GCM under the journal's
 * data key, with a fresh random IV and the field's address as associated data. The result is one
 * string, `mx1.` + base64url(IV ‖ ciphertext ‖ tag), which fits any text column.
 */
export async function encryptField(key: CryptoKey, address: FieldAddress, value: unknown): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const plain = ENCODER.encode(JSON.stringify(value));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: fieldAssociatedData(address) },
      key,
      plain,
    ),
  );
  const joined = new Uint8Array(IV_BYTES + sealed.length);
  joined.set(iv);
  joined.set(sealed, IV_BYTES);
  return ENCRYPTED_PREFIX + toBase64Url(joined);
}
