import { describe, expect, it } from 'vitest';

import { createKeyEnvelope } from './key-envelope.ts';
import { keyEnvelopeSchema } from './key-envelope-schema.ts';
import { MAX_PASSKEY_WRAPS, newPasskeyPrfSalt } from './passkey-wrapping-key.ts';

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

describe('passkey wraps in a key envelope from the server', () => {
  const wrap = (credentialId: string) => ({
    credentialId,
    prfSalt: newPasskeyPrfSalt(),
    wrapped: { iv: 'AAAAAAAAAAAAAAAA', sealed: 'c2VhbGVkLWtleQ' },
    label: 'Phone',
    createdAt: '2026-12-03T10:00:00.000Z',
  });

  it('are optional, and accepted up to the bound as a device made them', async () => {
    const { envelope } = await createKeyEnvelope('correct horse battery staple', CHEAP);
    expect(envelope.passkeys).toBeUndefined();
    expect(keyEnvelopeSchema.parse(envelope)).toEqual(envelope);
    const full = {
      ...envelope,
      passkeys: Array.from({ length: MAX_PASSKEY_WRAPS }, (_, index) => wrap(`cred-${index}`)),
    };
    expect(keyEnvelopeSchema.parse(JSON.parse(JSON.stringify(full)))).toEqual(full);
  });

  it('are refused beyond the bound, twice for one credential, or malformed', async () => {
    const { envelope } = await createKeyEnvelope('correct horse battery staple', CHEAP);
    const withPasskeys = (passkeys: unknown[]) =>
      keyEnvelopeSchema.safeParse({ ...envelope, passkeys }).success;
    expect(
      withPasskeys(Array.from({ length: MAX_PASSKEY_WRAPS + 1 }, (_, index) => wrap(`cred-${index}`))),
    ).toBe(false);
    expect(withPasskeys([wrap('cred-A'), wrap('cred-A')])).toBe(false);
    expect(withPasskeys([{ ...wrap('cred-A'), prfSalt: 'short' }])).toBe(false);
    expect(withPasskeys([{ ...wrap('cred A') }])).toBe(false);
    expect(withPasskeys([{ ...wrap('cred-A'), label: '' }])).toBe(false);
    expect(withPasskeys([{ ...wrap('cred-A'), label: 'x'.repeat(101) }])).toBe(false);
    expect(withPasskeys([{ ...wrap('cred-A'), createdAt: 'yesterday' }])).toBe(false);
    expect(withPasskeys([{ ...wrap('cred-A'), wrapped: { iv: 'a b', sealed: '' } }])).toBe(false);
    expect(keyEnvelopeSchema.safeParse({ ...envelope, passkeys: {} }).success).toBe(false);
  });
});
