import { WrongUnlockSecretError } from './crypto-errors.ts';
import { generateDataKey } from './generate-data-key.ts';
import {
  DEFAULT_ARGON2ID,
  newPassphraseKdf,
  passphraseWrappingKey,
  type PassphraseKdf,
} from './passphrase-wrapping-key.ts';
import type { PasskeyWrap } from './passkey-wrapping-key.ts';
import { generateRecoveryKey, recoveryWrappingKey } from './recovery-key.ts';
import { unwrapDataKey, wrapDataKey, type WrappedKey } from './wrapped-key.ts';

/**
 * All the server keeps of a journal's key: the data key wrapped for each way to unlock it. Without one
 * of the secrets it is useless; the data key itself never leaves a device unwrapped.
 */
export interface KeyEnvelope {
  version: 1;
  passphrase: { kdf: PassphraseKdf; wrapped: WrappedKey };
  recovery: WrappedKey;
  /** Wraps for passkeys with the WebAuthn PRF extension (ADR 0154); absent until one is added. */
  passkeys?: PasskeyWrap[];
}

type KdfCost = Pick<PassphraseKdf, 'memoryKiB' | 'iterations' | 'parallelism'>;

/**
 * Turning encryption on: a new random data key, wrapped for the passphrase and for a new recovery key.
 * The recovery key is returned once, to be shown (and offered as a download); it is stored nowhere.
 */
export async function createKeyEnvelope(
  passphrase: string,
  cost: KdfCost = DEFAULT_ARGON2ID,
): Promise<{ envelope: KeyEnvelope; dataKey: CryptoKey; recoveryKey: string }> {
  const dataKey = await generateDataKey();
  const recoveryKey = generateRecoveryKey();
  const kdf = newPassphraseKdf(cost);
  const [passphraseWrap, recoveryWrap] = await Promise.all([
    wrapDataKey(dataKey, await passphraseWrappingKey(passphrase, kdf), 'passphrase'),
    wrapDataKey(dataKey, await recoveryWrappingKey(recoveryKey), 'recovery'),
  ]);
  return {
    envelope: { version: 1, passphrase: { kdf, wrapped: passphraseWrap }, recovery: recoveryWrap },
    dataKey,
    recoveryKey,
  };
}

/** The data key, opened with the passphrase; WrongUnlockSecretError when it is not the passphrase. */
export async function unlockWithPassphrase(envelope: KeyEnvelope, passphrase: string): Promise<CryptoKey> {
  const wrappingKey = await passphraseWrappingKey(passphrase, envelope.passphrase.kdf);
  try {
    return await unwrapDataKey(envelope.passphrase.wrapped, wrappingKey, 'passphrase');
  } catch {
    throw new WrongUnlockSecretError('passphrase');
  }
}

/** The data key, opened with the recovery key; WrongUnlockSecretError when it is not this journal's. */
export async function unlockWithRecoveryKey(envelope: KeyEnvelope, recoveryKey: string): Promise<CryptoKey> {
  const wrappingKey = await recoveryWrappingKey(recoveryKey);
  try {
    return await unwrapDataKey(envelope.recovery, wrappingKey, 'recovery');
  } catch {
    throw new WrongUnlockSecretError('recovery key');
  }
}

/**
 * A new passphrase for the same data key: only the passphrase's wrap changes (with a new salt), so not
 * one entry is re-encrypted and the recovery key and every passkey keep working.
 */
export async function changePassphrase(
  envelope: KeyEnvelope,
  dataKey: CryptoKey,
  newPassphrase: string,
  cost: KdfCost = DEFAULT_ARGON2ID,
): Promise<KeyEnvelope> {
  const kdf = newPassphraseKdf(cost);
  const wrapped = await wrapDataKey(dataKey, await passphraseWrappingKey(newPassphrase, kdf), 'passphrase');
  return { ...envelope, passphrase: { kdf, wrapped } };
}
