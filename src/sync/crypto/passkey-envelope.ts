import { WrongUnlockSecretError } from './crypto-errors.ts';
import type { KeyEnvelope } from './key-envelope.ts';
import { MAX_PASSKEY_WRAPS, passkeyWrappingKey, type PasskeyWrap } from './passkey-wrapping-key.ts';
import { unwrapDataKey, wrapDataKey } from './wrapped-key.ts';

/** The envelope already holds MAX_PASSKEY_WRAPS passkeys; one must be removed before another is added. */
export class TooManyPasskeysError extends Error {
  constructor() {
    super(`A journal can be unlocked with at most ${MAX_PASSKEY_WRAPS} passkeys`);
    this.name = 'TooManyPasskeysError';
  }
}

/** What a device learned from a passkey ceremony: which credential answered, and its PRF output. */
export interface PasskeyAnswer {
  credentialId: string;
  prfOutput: Uint8Array<ArrayBuffer>;
}

/** A new passkey's answer, with the salt its PRF was evaluated on and how the list will show it. */
export interface NewPasskey extends PasskeyAnswer {
  prfSalt: string;
  label: string;
  createdAt: string;
}

/**
 * The envelope with the data key wrapped for one more passkey (a credential already in it is wrapped
 * anew in its place). The passphrase and recovery wraps are kept as they are.
 */
export async function addPasskeyWrap(
  envelope: KeyEnvelope,
  dataKey: CryptoKey,
  passkey: NewPasskey,
): Promise<KeyEnvelope> {
  const { credentialId, prfSalt, prfOutput, label, createdAt } = passkey;
  const others = (envelope.passkeys ?? []).filter((wrap) => wrap.credentialId !== credentialId);
  if (others.length >= MAX_PASSKEY_WRAPS) throw new TooManyPasskeysError();
  const wrappingKey = await passkeyWrappingKey(prfOutput, prfSalt, credentialId);
  const wrap: PasskeyWrap = {
    credentialId,
    prfSalt,
    wrapped: await wrapDataKey(dataKey, wrappingKey, 'passkey'),
    label,
    createdAt,
  };
  return { ...envelope, passkeys: [...others, wrap] };
}

/** The envelope without that passkey's wrap: the passkey no longer unlocks the journal anywhere. */
export function removePasskeyWrap(envelope: KeyEnvelope, credentialId: string): KeyEnvelope {
  return {
    ...envelope,
    passkeys: (envelope.passkeys ?? []).filter((wrap) => wrap.credentialId !== credentialId),
  };
}

/**
 * The data key, opened with the PRF output of the passkey that answered; WrongUnlockSecretError when
 * that passkey has no wrap here or its output does not open it (another salt, another authenticator).
 */
export async function unlockWithPasskey(envelope: KeyEnvelope, answer: PasskeyAnswer): Promise<CryptoKey> {
  const wrap = envelope.passkeys?.find((candidate) => candidate.credentialId === answer.credentialId);
  if (!wrap) throw new WrongUnlockSecretError('passkey');
  const wrappingKey = await passkeyWrappingKey(answer.prfOutput, wrap.prfSalt, wrap.credentialId);
  try {
    return await unwrapDataKey(wrap.wrapped, wrappingKey, 'passkey');
  } catch {
    throw new WrongUnlockSecretError('passkey');
  }
}
