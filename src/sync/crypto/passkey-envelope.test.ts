import { describe, expect, it } from 'vitest';

import { WrongUnlockSecretError } from './crypto-errors.ts';
import { decryptField } from './decrypt-field.ts';
import { encryptField } from './encrypt-field.ts';
import { changePassphrase, createKeyEnvelope, unlockWithPassphrase } from './key-envelope.ts';
import {
  addPasskeyWrap,
  removePasskeyWrap,
  TooManyPasskeysError,
  unlockWithPasskey,
  type NewPasskey,
} from './passkey-envelope.ts';
import { MAX_PASSKEY_WRAPS, newPasskeyPrfSalt } from './passkey-wrapping-key.ts';

const LIGHT = { memoryKiB: 1024, iterations: 1, parallelism: 1 };
const where = { table: 'notes', id: '0190d4c2-7a1e-7000-8000-000000000001', field: 'body' };

/** What an authenticator's PRF would return: 32 bytes only it can make (here, random ones). */
const prfOutput = () => crypto.getRandomValues(new Uint8Array(32));

function newPasskey(credentialId: string, output = prfOutput()): NewPasskey {
  return {
    credentialId,
    prfSalt: newPasskeyPrfSalt(),
    prfOutput: output,
    label: `Passkey ${credentialId}`,
    createdAt: '2026-12-03T10:00:00.000Z',
  };
}

describe('passkey wraps in the key envelope', () => {
  it('open to the same data key with the passkey’s PRF output (wrap round trip)', async () => {
    const { envelope, dataKey } = await createKeyEnvelope('correct horse battery', LIGHT);
    const passkey = newPasskey('cred-A');
    const withPasskey = await addPasskeyWrap(envelope, dataKey, passkey);
    expect(withPasskey.passphrase).toEqual(envelope.passphrase);
    expect(withPasskey.recovery).toEqual(envelope.recovery);
    expect(JSON.stringify(withPasskey)).not.toContain(JSON.stringify(Array.from(passkey.prfOutput)));

    const sealed = await encryptField(dataKey, where, 'one tap');
    const opened = await unlockWithPasskey(withPasskey, {
      credentialId: 'cred-A',
      prfOutput: passkey.prfOutput,
    });
    expect(await decryptField(opened, where, sealed)).toBe('one tap');
  });

  it('refuse another PRF output, an output of the wrong length, a passkey not in the envelope, and a wrap moved to another passkey', async () => {
    const { envelope, dataKey } = await createKeyEnvelope('correct horse battery', LIGHT);
    const a = newPasskey('cred-A');
    const b = newPasskey('cred-B');
    const both = await addPasskeyWrap(await addPasskeyWrap(envelope, dataKey, a), dataKey, b);

    await expect(unlockWithPasskey(both, { credentialId: 'cred-A', prfOutput: prfOutput() })).rejects.toThrow(
      new WrongUnlockSecretError('passkey'),
    );
    await expect(
      unlockWithPasskey(both, { credentialId: 'cred-A', prfOutput: a.prfOutput.slice(0, 16) }),
    ).rejects.toBeInstanceOf(WrongUnlockSecretError);
    await expect(
      unlockWithPasskey(envelope, { credentialId: 'cred-A', prfOutput: a.prfOutput }),
    ).rejects.toBeInstanceOf(WrongUnlockSecretError);
    // B's entry carrying A's wrap and salt: the credential id is bound into the wrapping key.
    const [wrapA, wrapB] = both.passkeys ?? [];
    if (!wrapA || !wrapB) throw new Error('expected two passkey wraps');
    const moved = { ...both, passkeys: [{ ...wrapA, credentialId: 'cred-B' }] };
    await expect(
      unlockWithPasskey(moved, { credentialId: 'cred-B', prfOutput: a.prfOutput }),
    ).rejects.toBeInstanceOf(WrongUnlockSecretError);
  });

  it('are kept when the passphrase changes, and each still opens', async () => {
    const { envelope, dataKey } = await createKeyEnvelope('first passphrase', LIGHT);
    const passkey = newPasskey('cred-A');
    const withPasskey = await addPasskeyWrap(envelope, dataKey, passkey);
    const changed = await changePassphrase(withPasskey, dataKey, 'second passphrase', LIGHT);
    expect(changed.passkeys).toEqual(withPasskey.passkeys);
    const sealed = await encryptField(dataKey, where, 'kept across the change');
    const opened = await unlockWithPasskey(changed, { credentialId: 'cred-A', prfOutput: passkey.prfOutput });
    expect(await decryptField(opened, where, sealed)).toBe('kept across the change');
    await unlockWithPassphrase(changed, 'second passphrase');
  });

  it('replace a credential’s earlier wrap, are bounded in number, and can be removed', async () => {
    const { envelope, dataKey } = await createKeyEnvelope('correct horse battery', LIGHT);
    let current = envelope;
    for (let index = 0; index < MAX_PASSKEY_WRAPS; index += 1)
      current = await addPasskeyWrap(current, dataKey, newPasskey(`cred-${index}`));
    expect(current.passkeys).toHaveLength(MAX_PASSKEY_WRAPS);
    await expect(addPasskeyWrap(current, dataKey, newPasskey('cred-new'))).rejects.toBeInstanceOf(
      TooManyPasskeysError,
    );

    const again = newPasskey('cred-3');
    current = await addPasskeyWrap(current, dataKey, again);
    expect(current.passkeys).toHaveLength(MAX_PASSKEY_WRAPS);
    await unlockWithPasskey(current, { credentialId: 'cred-3', prfOutput: again.prfOutput });

    const removed = removePasskeyWrap(current, 'cred-3');
    expect(removed.passkeys?.map((wrap) => wrap.credentialId)).not.toContain('cred-3');
    expect(removed.passkeys).toHaveLength(MAX_PASSKEY_WRAPS - 1);
    await expect(
      unlockWithPasskey(removed, { credentialId: 'cred-3', prfOutput: again.prfOutput }),
    ).rejects.toBeInstanceOf(WrongUnlockSecretError);
  });
});
