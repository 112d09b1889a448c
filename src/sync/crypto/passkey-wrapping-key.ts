import { fromBase64Url, toBase64Url } from './base64-url.ts';
import { WrongUnlockSecretError } from './crypto-errors.ts';
import type { WrappedKey } from './wrapped-key.ts';

/** How many passkeys one journal may keep wraps for: enough for a person's devices, bounded on the server. */
export const MAX_PASSKEY_WRAPS = 10;

/** The bytes of a WebAuthn PRF result (HMAC-SHA-256 in the authenticator, CTAP2 hmac-secret). */
const PRF_OUTPUT_BYTES = 32;

/**
 * The data key wrapped for one passkey: its credential id (to ask the authenticator for it), the salt
 * the authenticator's PRF is evaluated on, the wrap, and what the person sees in the list.
 */
export interface PasskeyWrap {
  credentialId: string;
  prfSalt: string;
  wrapped: WrappedKey;
  label: string;
  createdAt: string;
}

/** A fresh salt to evaluate a new passkey's PRF on; kept in its wrap so every device asks the same. */
export function newPasskeyPrfSalt(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/**
 * The AES-GCM key a passkey's PRF output stands for. The output is already a uniformly random 256-bit
 * secret only that authenticator can produce, so HKDF (no stretching) makes the key, with the PRF salt
 * as its salt and the credential id in its info: a wrap copied to another passkey's entry does not
 * open. An output of the wrong length is not this passkey's and is refused as such.
 */
export async function passkeyWrappingKey(
  prfOutput: Uint8Array<ArrayBuffer>,
  prfSalt: string,
  credentialId: string,
): Promise<CryptoKey> {
  if (prfOutput.length !== PRF_OUTPUT_BYTES) throw new WrongUnlockSecretError('passkey');
  const material = await crypto.subtle.importKey('raw', prfOutput, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: fromBase64Url(prfSalt),
      info: new TextEncoder().encode(`murmur:passkey-prf:v1\u0000${credentialId}`),
    },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['wrapKey', 'unwrapKey'],
  );
}
