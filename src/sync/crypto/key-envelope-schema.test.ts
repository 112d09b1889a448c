import { describe, expect, it } from 'vitest';

import { createKeyEnvelope } from './key-envelope.ts';
import { keyEnvelopeSchema } from './key-envelope-schema.ts';

const CHEAP = { memoryKiB: 19_456, iterations: 1, parallelism: 1 };

describe('a key envelope from the server', () => {
  it('is accepted as a device made it', async () => {
    const { envelope } = await createKeyEnvelope('correct horse battery staple', CHEAP);
    expect(keyEnvelopeSchema.parse(JSON.parse(JSON.stringify(envelope)))).toEqual(envelope);
  });

  it('is refused when its stretching cost is out of bounds, or its parts are not what they claim', async () => {
    const { envelope } = await createKeyEnvelope('correct horse battery staple', CHEAP);
    const withKdf = (kdf: object) => ({
      ...envelope,
      passphrase: { ...envelope.passphrase, kdf: { ...envelope.passphrase.kdf, ...kdf } },
    });
    expect(keyEnvelopeSchema.safeParse(withKdf({ memoryKiB: 8 * 1_048_576 })).success).toBe(false);
    expect(keyEnvelopeSchema.safeParse(withKdf({ iterations: 1_000 })).success).toBe(false);
    expect(keyEnvelopeSchema.safeParse(withKdf({ memoryKiB: 8 })).success).toBe(false);
    expect(keyEnvelopeSchema.safeParse({ ...envelope, recovery: { iv: 'a b', sealed: '' } }).success).toBe(
      false,
    );
    expect(keyEnvelopeSchema.safeParse({ ...envelope, version: 2 }).success).toBe(false);
  });
});
