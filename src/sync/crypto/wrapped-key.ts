import { fromBase64Url, toBase64Url } from './base64-url.ts';

/** The data key sealed under one wrapping key, as the server stores it. */
export interface WrappedKey {
  iv: string;
  sealed: string;
}

/** What a wrap is for, bound as associated data: a passphrase's wrap does not open as the recovery one. */
export type WrapPurpose = 'passphrase' | 'recovery' | 'passkey';

const associatedData = (purpose: WrapPurpose) =>
  new TextEncoder().encode(`murmur:data-key:v1\u0000${purpose}`);

/** Seals the data key with AES-GCM under `wrappingKey` (authenticated, so a wrong key is detected). */
export async function wrapDataKey(
  dataKey: CryptoKey,
  wrappingKey: CryptoKey,
  purpose: WrapPurpose,
): Promise<WrappedKey> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.wrapKey('raw', dataKey, wrappingKey, {
    name: 'AES-GCM',
    iv,
    additionalData: associatedData(purpose),
  });
  return { iv: toBase64Url(iv), sealed: toBase64Url(new Uint8Array(sealed)) };
}

/**
 * Opens a wrap made by wrapDataKey. Rejects (the platform's OperationError) when `wrappingKey` is not
 * the one it was sealed under or the wrap was altered; callers say which secret was wrong.
 */
export function unwrapDataKey(
  wrapped: WrappedKey,
  wrappingKey: CryptoKey,
  purpose: WrapPurpose,
): Promise<CryptoKey> {
  return crypto.subtle.unwrapKey(
    'raw',
    fromBase64Url(wrapped.sealed),
    wrappingKey,
    { name: 'AES-GCM', iv: fromBase64Url(wrapped.iv), additionalData: associatedData(purpose) },
    { name: 'AES-GCM', length: 256 },
    true,
    ['encrypt', 'decrypt'],
  );
}
