/**
 * The journal's data key: a random AES-GCM 256 key made on the device. Extractable only so that it can
 * be wrapped (for the passphrase, the recovery key, a passkey); it never leaves the device unwrapped.
 */
export function generateDataKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
}
