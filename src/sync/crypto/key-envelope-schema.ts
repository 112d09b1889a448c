import { z } from 'zod';

import type { KeyEnvelope } from './key-envelope.ts';

const base64Url = z
  .string()
  .regex(/^[A-Za-z0-9_-]+$/)
  .max(1_000);
const wrappedKey = z.object({ iv: base64Url, sealed: base64Url });

/**
 * A key envelope as the server returns it, checked before any of it is used: the cost of stretching a
 * passphrase is bounded, so an envelope altered on the server cannot make a device spend gigabytes or
 * minutes on it (nor a trivial cost that would weaken a re-wrap made from it).
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
});
