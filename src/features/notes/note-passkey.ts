import { z } from 'zod';

import { readLocalRecord, removeLocal, storageKey, writeLocal } from '../../lib/local-store.ts';

/**
 * Unlocking locked notes with a passkey on this device (docs/adr/0041): a platform credential that
 * requires user verification (fingerprint, face, device PIN). There is no server in the loop, so this
 * device keeps the credential's public key and checks each unlock itself: a fresh random challenge, the
 * credential it registered, the user-verified flag, and the ES256 signature over the authenticator data
 * and the client data. Like the PIN it is a privacy screen, not encryption.
 */
const ES256 = -7;
const TIMEOUT_MS = 60_000;

const passkeyRecordSchema = z.strictObject({
  v: z.literal(1),
  credentialId: z.string().min(16),
  /** SubjectPublicKeyInfo (DER), base64. */
  publicKey: z.string().min(64),
});
export type PasskeyRecord = z.infer<typeof passkeyRecordSchema>;

function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (c) => c.charCodeAt(0));
}

/** True where this browser has a user-verifying platform authenticator (Touch ID, Windows Hello, …). */
export async function passkeyAvailable(): Promise<boolean> {
  try {
    return (
      typeof PublicKeyCredential !== 'undefined' &&
      (await PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable())
    );
  } catch {
    return false;
  }
}

/** Creates this device's passkey for unlocking notes; throws if the browser or the user refuses. */
export async function createPasskey(userId: string, name: string): Promise<PasskeyRecord> {
  const credential = (await navigator.credentials.create({
    publicKey: {
      challenge: crypto.getRandomValues(new Uint8Array(32)),
      rp: { name: 'Murmur' },
      user: { id: new TextEncoder().encode(userId).slice(0, 64), name, displayName: name },
      pubKeyCredParams: [{ type: 'public-key', alg: ES256 }],
      authenticatorSelection: {
        authenticatorAttachment: 'platform',
        userVerification: 'required',
        residentKey: 'discouraged',
      },
      timeout: TIMEOUT_MS,
    },
  })) as PublicKeyCredential | null;
  const response = credential?.response as AuthenticatorAttestationResponse | undefined;
  const publicKey = response?.getPublicKey?.();
  if (!credential || !response || !publicKey || response.getPublicKeyAlgorithm() !== ES256)
    throw new Error('This browser did not create a passkey Murmur can check.');
  return {
    v: 1,
    credentialId: toBase64Url(new Uint8Array(credential.rawId)),
    publicKey: btoa(String.fromCharCode(...new Uint8Array(publicKey))),
  };
}

/** An ECDSA signature as DER (what authenticators send) → r‖s of 32 bytes each (what WebCrypto checks). */
export function derToRawSignature(der: Uint8Array): Uint8Array<ArrayBuffer> {
  const fail = () => new Error('not a DER ECDSA signature');
  if (der[0] !== 0x30) throw fail();
  let offset = 2;
  const raw = new Uint8Array(64);
  for (const start of [0, 32]) {
    if (der[offset] !== 0x02) throw fail();
    const length = der[offset + 1] ?? 0;
    let integer = der.subarray(offset + 2, offset + 2 + length);
    while (integer.length > 32 && integer[0] === 0) integer = integer.subarray(1);
    if (integer.length > 32) throw fail();
    raw.set(integer, start + 32 - integer.length);
    offset += 2 + length;
  }
  return raw;
}

/** Asks for the passkey (with user verification) and checks the answer here. */
export async function verifyPasskey(record: PasskeyRecord): Promise<boolean> {
  const challenge = crypto.getRandomValues(new Uint8Array(32));
  const credential = (await navigator.credentials.get({
    publicKey: {
      challenge,
      allowCredentials: [{ type: 'public-key', id: fromBase64Url(record.credentialId) }],
      userVerification: 'required',
      timeout: TIMEOUT_MS,
    },
  })) as PublicKeyCredential | null;
  const response = credential?.response as AuthenticatorAssertionResponse | undefined;
  if (!credential || !response || toBase64Url(new Uint8Array(credential.rawId)) !== record.credentialId)
    return false;
  const clientData = JSON.parse(new TextDecoder().decode(response.clientDataJSON)) as Record<string, unknown>;
  if (
    clientData['type'] !== 'webauthn.get' ||
    clientData['challenge'] !== toBase64Url(challenge) ||
    clientData['origin'] !== location.origin
  )
    return false;
  const authenticatorData = new Uint8Array(response.authenticatorData);
  const flags = authenticatorData[32] ?? 0;
  // Bit 0: the user was present; bit 2: the user was verified (fingerprint, face, device PIN).
  if ((flags & 0x01) === 0 || (flags & 0x04) === 0) return false;
  const clientDataHash = new Uint8Array(await crypto.subtle.digest('SHA-256', response.clientDataJSON));
  const signed = new Uint8Array(authenticatorData.length + clientDataHash.length);
  signed.set(authenticatorData);
  signed.set(clientDataHash, authenticatorData.length);
  const key = await crypto.subtle.importKey(
    'spki',
    Uint8Array.from(atob(record.publicKey), (c) => c.charCodeAt(0)),
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['verify'],
  );
  return crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    derToRawSignature(new Uint8Array(response.signature)),
    signed,
  );
}

function passkeyKey(userId: string): string {
  return storageKey(`note-lock-passkey:${userId}`);
}

export function readPasskeyRecord(userId: string): PasskeyRecord | null {
  return readLocalRecord(
    passkeyKey(userId),
    passkeyRecordSchema,
    'Murmur ignored an unreadable note-lock passkey record; add the passkey again.',
  );
}

export function writePasskeyRecord(userId: string, record: PasskeyRecord): void {
  writeLocal(passkeyKey(userId), JSON.stringify(record));
}

export function removePasskeyRecord(userId: string): void {
  removeLocal(passkeyKey(userId));
}
