import { WrongUnlockSecretError } from '../../sync/crypto/crypto-errors.ts';
import type { KeyEnvelope } from '../../sync/crypto/key-envelope.ts';
import { unlockWithPasskey } from '../../sync/crypto/passkey-envelope.ts';
import {
  evaluateJournalPasskey,
  isCancelledCeremony,
  PasskeyPrfUnavailableError,
} from './journal-passkey.ts';

/** Why a passkey did not open the envelope, as the screens word it (null: an unexpected failure). */
export type PasskeyFailure = 'cancelled' | 'unavailable' | 'wrong';

/** Asks one of the envelope's passkeys for its PRF output and opens the data key's wrap with it. */
export async function openEnvelopeWithPasskey(envelope: KeyEnvelope): Promise<CryptoKey> {
  return unlockWithPasskey(envelope, await evaluateJournalPasskey(envelope.passkeys ?? []));
}

/**
 * A cancelled or timed-out prompt, a passkey without a PRF result here, or one whose output does not
 * open the wrap: each is something the person can act on. Anything else is null, for the log.
 */
export function passkeyFailure(failure: unknown): PasskeyFailure | null {
  if (isCancelledCeremony(failure)) return 'cancelled';
  if (failure instanceof PasskeyPrfUnavailableError) return 'unavailable';
  if (failure instanceof WrongUnlockSecretError) return 'wrong';
  return null;
}
