import { fromBase64Url, toBase64Url } from '../../sync/crypto/base64-url.ts';
import type { PasskeyAnswer } from '../../sync/crypto/passkey-envelope.ts';
import type { PasskeyWrap } from '../../sync/crypto/passkey-wrapping-key.ts';

/**
 * The WebAuthn ceremonies that unlock an encrypted journal with a passkey (ADR 0154). Nothing here is
 * checked against a signature: what unlocks is the PRF output, a secret only the passkey's
 * authenticator can compute for the stored salt, and a forged answer cannot open the data key's wrap.
 * Separate from the note lock's passkey (note-passkey.ts, a local privacy screen): another user handle,
 * so the two never replace each other on an authenticator that keeps one passkey per account.
 */
const TIMEOUT_MS = 60_000;
const ES256 = -7;
const RS256 = -257;

/** The browser or the authenticator gave no PRF result: this passkey cannot unlock the journal here. */
export class PasskeyPrfUnavailableError extends Error {
  constructor() {
    super('This passkey can’t unlock the journal on this browser: it returned no PRF result');
    this.name = 'PasskeyPrfUnavailableError';
  }
}

/** The person cancelled the passkey prompt, it timed out, or no allowed passkey was there. */
export function isCancelledCeremony(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}

/** The passkey given to exclude at creation is already on this authenticator (it already unlocks). */
export function isAlreadyRegistered(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'InvalidStateError';
}

function prfBytes(values: AuthenticationExtensionsPRFValues | undefined): Uint8Array<ArrayBuffer> | null {
  const first = values?.first;
  if (!first) return null;
  const view = ArrayBuffer.isView(first)
    ? new Uint8Array(first.buffer, first.byteOffset, first.byteLength)
    : new Uint8Array(first);
  return new Uint8Array(view);
}

/**
 * Asks one of the given passkeys (the person picks, with a fingerprint, face or device PIN) for its PRF
 * output on its own stored salt. PasskeyPrfUnavailableError when the answer carries none.
 */
export async function evaluateJournalPasskey(
  wraps: readonly Pick<PasskeyWrap, 'credentialId' | 'prfSalt'>[],
): Promise<PasskeyAnswer> {
  if (typeof PublicKeyCredential === 'undefined') throw new PasskeyPrfUnavailableError();
  const credential = (await navigator.credentials.get({
    publicKey: {
      challenge: crypto.getRandomValues(new Uint8Array(32)),
      allowCredentials: wraps.map((wrap) => ({ type: 'public-key', id: fromBase64Url(wrap.credentialId) })),
      userVerification: 'required',
      timeout: TIMEOUT_MS,
      extensions: {
        prf: {
          evalByCredential: Object.fromEntries(
            wraps.map((wrap) => [wrap.credentialId, { first: fromBase64Url(wrap.prfSalt) }]),
          ),
        },
      },
    },
  })) as PublicKeyCredential | null;
  if (!credential) throw new DOMException('No passkey answered', 'NotAllowedError');
  const prfOutput = prfBytes(credential.getClientExtensionResults().prf?.results);
  if (!prfOutput) throw new PasskeyPrfUnavailableError();
  return { credentialId: toBase64Url(new Uint8Array(credential.rawId)), prfOutput };
}

/**
 * Creates a passkey for the journal and returns its PRF output on `prfSalt`: at creation where the
 * browser and authenticator evaluate it there, otherwise with a second prompt that asks the new passkey.
 * PasskeyPrfUnavailableError when neither gives one (the passkey then exists but unlocks nothing).
 */
export async function createJournalPasskey(
  userId: string,
  name: string,
  prfSalt: string,
  existing: readonly Pick<PasskeyWrap, 'credentialId'>[],
): Promise<PasskeyAnswer> {
  if (typeof PublicKeyCredential === 'undefined') throw new PasskeyPrfUnavailableError();
  const credential = (await navigator.credentials.create({
    publicKey: {
      challenge: crypto.getRandomValues(new Uint8Array(32)),
      rp: { name: 'Murmur' },
      user: { id: new TextEncoder().encode(`murmur-journal:${userId}`), name, displayName: name },
      pubKeyCredParams: [
        { type: 'public-key', alg: ES256 },
        { type: 'public-key', alg: RS256 },
      ],
      excludeCredentials: existing.map((wrap) => ({
        type: 'public-key',
        id: fromBase64Url(wrap.credentialId),
      })),
      // Discoverable where the authenticator likes it: synced passkeys are what reach a second device.
      authenticatorSelection: { userVerification: 'required', residentKey: 'preferred' },
      timeout: TIMEOUT_MS,
      extensions: { prf: { eval: { first: fromBase64Url(prfSalt) } } },
    },
  })) as PublicKeyCredential | null;
  if (!credential) throw new DOMException('No passkey was created', 'NotAllowedError');
  const credentialId = toBase64Url(new Uint8Array(credential.rawId));
  const prf = credential.getClientExtensionResults().prf;
  const prfOutput = prfBytes(prf?.results);
  if (prfOutput) return { credentialId, prfOutput };
  // Many authenticators only evaluate the PRF when asked for an assertion (CTAP2 hmac-secret).
  if (prf?.enabled !== true) throw new PasskeyPrfUnavailableError();
  const answer = await evaluateJournalPasskey([{ credentialId, prfSalt }]);
  if (answer.credentialId !== credentialId) throw new PasskeyPrfUnavailableError();
  return answer;
}
