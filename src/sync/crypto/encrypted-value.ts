/** The prefix of every encrypted field value: the format's version, so a later format can sit beside it. */
export const ENCRYPTED_PREFIX = 'mx1.';

/** Whether a stored or pulled value is a ciphertext of this format (anything else is clear). */
export function isEncryptedValue(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(ENCRYPTED_PREFIX);
}
