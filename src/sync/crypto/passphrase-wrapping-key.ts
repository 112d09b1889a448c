import { argon2id } from 'hash-wasm';

import { fromBase64Url, toBase64Url } from './base64-url.ts';

/** How a passphrase is stretched, kept beside its wrap so the parameters can grow later. */
export interface PassphraseKdf {
  algorithm: 'argon2id';
  salt: string;
  memoryKiB: number;
  iterations: number;
  parallelism: number;
}

/** RFC 9106's second recommended Argon2id setting (64 MiB, 3 passes, 4 lanes), for memory-hard guessing. */
export const DEFAULT_ARGON2ID = { memoryKiB: 65_536, iterations: 3, parallelism: 4 } as const;

/** A fresh random salt with the given (by default the recommended) cost. */
export function newPassphraseKdf(
  cost: Pick<PassphraseKdf, 'memoryKiB' | 'iterations' | 'parallelism'> = DEFAULT_ARGON2ID,
): PassphraseKdf {
  return { algorithm: 'argon2id', salt: toBase64Url(crypto.getRandomValues(new Uint8Array(16))), ...cost };
}

/** The AES-GCM key that wraps the data key for this passphrase (Argon2id, then imported as a raw key). */
export async function passphraseWrappingKey(passphrase: string, kdf: PassphraseKdf): Promise<CryptoKey> {
  const stretched = await argon2id({
    password: passphrase.normalize('NFC'),
    salt: fromBase64Url(kdf.salt),
    memorySize: kdf.memoryKiB,
    iterations: kdf.iterations,
    parallelism: kdf.parallelism,
    hashLength: 32,
    outputType: 'binary',
  });
  return crypto.subtle.importKey('raw', new Uint8Array(stretched), 'AES-GCM', false, [
    'wrapKey',
    'unwrapKey',
  ]);
}
