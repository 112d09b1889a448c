import { z } from 'zod';

/** The prefix of every encrypted field value: the format's version, so a later format can sit beside it. */
export const SEALED_PREFIX = 'mx1.';

/** The whole form of a sealed value: the prefix and base64url. */
const SEALED_FORM = /^mx1\.[A-Za-z0-9_-]+$/;

/** AES-GCM's IV and tag around the plaintext (ADR 0151). */
const SEALED_OVERHEAD_BYTES = 12 + 16;

/**
 * The longest sealed value of a plaintext of at most `plainBytes` bytes: the prefix and the base64url
 * (no padding) of IV, ciphertext and tag.
 */
export function sealedLength(plainBytes: number): number {
  return SEALED_PREFIX.length + Math.ceil(((plainBytes + SEALED_OVERHEAD_BYTES) * 4) / 3);
}

/**
 * The longest JSON text of a string of at most `maxLength` characters: six bytes each at worst (a
 * control character or lone surrogate written as \uXXXX) and the quotes.
 */
export function jsonTextBytes(maxLength: number): number {
  return 6 * maxLength + 2;
}

/** The same for an array of at most `maxItems` such strings. */
export function jsonTextArrayBytes(maxItems: number, maxLength: number): number {
  return maxItems * (jsonTextBytes(maxLength) + 1) + 1;
}

/**
 * A value as an encrypted journal sends it: what the server stores in place of a protected field's
 * clear value, and can check only for its form and length (it cannot read it).
 */
export function sealedValueSchema(plainBytes: number) {
  return z.string().max(sealedLength(plainBytes)).regex(SEALED_FORM, 'not a sealed value');
}

/** A text of the sealed form (its length aside): what a clear journal's server refuses (R46). */
export function isSealedValue(value: unknown): boolean {
  return typeof value === 'string' && SEALED_FORM.test(value);
}

/**
 * A value that reveals nothing of what a person wrote: sealed (its form only; its length is the row's
 * check), null, an empty text or an empty list. All an encrypted journal's server takes in a protected
 * field (docs/sync.md R45).
 */
export function isSealedOrEmpty(value: unknown): boolean {
  if (value === null || value === '') return true;
  if (typeof value === 'string') return SEALED_FORM.test(value);
  return Array.isArray(value) && value.length === 0;
}
