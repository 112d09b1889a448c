import { z } from 'zod';

import type { KeyEnvelope } from './key-envelope.ts';
import { MAX_PASSKEY_WRAPS } from './passkey-wrapping-key.ts';

const base64Url = z
  .string()
  .regex(/^[A-Za-z0-9_-]+$/)
  .max(1_000);
const wrappedKey = z.object({ iv: base64Url, sealed: base64Url });

/**
 * One passkey's wrap. A credential id is at most 1023 bytes (WebAuthn), so 1364 base64url characters;
 * the PRF salt is the 32 bytes newPasskeyPrfSalt makes; the label is the person's, shown as text only.
 */
const passkeyWrap = z.object({
  credentialId: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .max(1_364),
  prfSalt: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  wrapped: wrappedKey,
  label: z.string().min(1).max(100),
  createdAt: z.iso.datetime({ offset: true }),
});

/**
 * A key envelope as the server returns it, checked before any of it is used: the cost of stretching a
 * passphrase is bounded, so an envelope altered on the server cannot make a device spend gigabytes or
 * minutes on it (nor a trivial cost that would weaken a re-wrap made from it). Passkey wraps are
 * optional (an envelope made before them stays valid), bounded in number, and one per credential.
 */
export const keyEnvelopeSchema: z.ZodType<KeyEnvelope> = z.object({
  version: z.literal(1),
  passphrase: z.object({
    kdf: z.object({
      algorithm: z.literal('argon2id'),
      salt: base64Url,
      memoryKiB: z.number().int().min(19_456).max(1_048_576),
      iterations: z.number().int().min(1).max(10),
      parallelism: z.number().int().min(1).max(16),
    }),
    wrapped: wrappedKey,
  }),
  recovery: wrappedKey,
  passkeys: z
    .array(passkeyWrap)
    .max(MAX_PASSKEY_WRAPS)
    .refine((wraps) => new Set(wraps.map((wrap) => wrap.credentialId)).size === wraps.length, {
      message: 'a passkey has two wraps',
    })
    .optional(),
});
