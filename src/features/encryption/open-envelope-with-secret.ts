import type { KeyEnvelope } from '../../sync/crypto/key-envelope.ts';

/** The two secrets a person can type to open the journal's envelope. */
export type EnvelopeSecret = 'passphrase' | 'recovery';

/**
 * Opens the envelope with what the person typed; WrongUnlockSecretError when it is not that secret.
 * The envelope code (with Argon2) loads only when a secret is entered.
 */
export async function openEnvelopeWithSecret(
  envelope: KeyEnvelope,
  secret: EnvelopeSecret,
  value: string,
): Promise<CryptoKey> {
  const { unlockWithPassphrase, unlockWithRecoveryKey } = await import('../../sync/crypto/key-envelope.ts');
  return secret === 'passphrase'
    ? unlockWithPassphrase(envelope, value)
    : unlockWithRecoveryKey(envelope, value);
}
