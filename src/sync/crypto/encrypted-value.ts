import { SEALED_PREFIX } from '../../db/entities/sealed-value.ts';

/** The prefix of every encrypted field value (the format's version), defined with the wire's schema. */
export const ENCRYPTED_PREFIX = SEALED_PREFIX;

/** Whether a stored or pulled value is a ciphertext of this format (anything else is clear). */
export function isEncryptedValue(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(ENCRYPTED_PREFIX);
}
