import { describe, expect, it } from 'vitest';

import { WrongUnlockSecretError } from './crypto-errors.ts';
import { decryptField } from './decrypt-field.ts';
import { encryptField } from './encrypt-field.ts';
import {
  changePassphrase,
  createKeyEnvelope,
  unlockWithPassphrase,
  unlockWithRecoveryKey,
} from './key-envelope.ts';
import { DEFAULT_ARGON2ID } from './passphrase-wrapping-key.ts';

/** A cheap Argon2id cost, recorded in the envelope like any other, so most tests run fast. */
const LIGHT = { memoryKiB: 1024, iterations: 1, parallelism: 1 };
const where = { table: 'notes', id: '0190d4c2-7a1e-7000-8000-000000000001', field: 'body' };

describe('the key envelope', () => {
  it('keeps no secret in the clear: only wraps, a salt and the cost', async () => {
    const { envelope, recoveryKey } = await createKeyEnvelope('correct horse battery', LIGHT);
    const stored = JSON.stringify(envelope);
    expect(stored).not.toContain('correct horse');
    expect(stored).not.toContain(recoveryKey.replaceAll('-', ''));
    expect(envelope.passphrase.kdf).toMatchObject({ algorithm: 'argon2id', ...LIGHT });
  });

  it('opens with the passphrase to the same data key (wrap round trip), at the recommended cost too', async () => {
    const { envelope, dataKey } = await createKeyEnvelope('correct horse battery', DEFAULT_ARGON2ID);
    expect(envelope.passphrase.kdf.memoryKiB).toBe(65_536);
    const sealed = await encryptField(dataKey, where, 'written on the first device');
    const opened = await unlockWithPassphrase(envelope, 'correct horse battery');
    expect(await decryptField(opened, where, sealed)).toBe('written on the first device');
  });

  it('says a wrong passphrase is wrong, and a wrong recovery key too', async () => {
    const { envelope } = await createKeyEnvelope('correct horse battery', LIGHT);
    await expect(unlockWithPassphrase(envelope, 'correct horse batterY')).rejects.toThrow(
      new WrongUnlockSecretError('passphrase'),
    );
    const other = await createKeyEnvelope('another journal', LIGHT);
    await expect(unlockWithRecoveryKey(envelope, other.recoveryKey)).rejects.toThrow(
      'That recovery key does not unlock this journal',
    );
    await expect(unlockWithRecoveryKey(envelope, 'not a key')).rejects.toBeInstanceOf(WrongUnlockSecretError);
  });

  it('opens with the recovery key however it is typed back', async () => {
    const { envelope, dataKey, recoveryKey } = await createKeyEnvelope('correct horse battery', LIGHT);
    expect(recoveryKey).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){12}[0-9A-HJKMNP-TV-Z]{4}$/);
    const sealed = await encryptField(dataKey, where, 'kept safe');
    const typed = recoveryKey.toLowerCase().replaceAll('-', ' ').replaceAll('0', 'o').replaceAll('1', 'l');
    const opened = await unlockWithRecoveryKey(envelope, typed);
    expect(await decryptField(opened, where, sealed)).toBe('kept safe');
  });

  it('changes the passphrase without re-encrypting: old entries open, the old passphrase no longer does', async () => {
    const { envelope, dataKey, recoveryKey } = await createKeyEnvelope('first passphrase', LIGHT);
    const sealed = await encryptField(dataKey, where, 'from before the change');
    const changed = await changePassphrase(envelope, dataKey, 'second passphrase', LIGHT);

    expect(changed.recovery).toEqual(envelope.recovery);
    expect(changed.passphrase.kdf.salt).not.toBe(envelope.passphrase.kdf.salt);
    const opened = await unlockWithPassphrase(changed, 'second passphrase');
    expect(await decryptField(opened, where, sealed)).toBe('from before the change');
    await expect(unlockWithPassphrase(changed, 'first passphrase')).rejects.toBeInstanceOf(
      WrongUnlockSecretError,
    );
    const recovered = await unlockWithRecoveryKey(changed, recoveryKey);
    expect(await decryptField(recovered, where, sealed)).toBe('from before the change');
  });

  it('does not open a passphrase wrap as the recovery wrap', async () => {
    const { envelope, recoveryKey } = await createKeyEnvelope('correct horse battery', LIGHT);
    const swapped = { ...envelope, recovery: envelope.passphrase.wrapped };
    await expect(unlockWithRecoveryKey(swapped, recoveryKey)).rejects.toBeInstanceOf(WrongUnlockSecretError);
  });
});
