import { WrongUnlockSecretError } from './crypto-errors.ts';

/** Crockford's base32: no I, L, O or U, so a key read aloud or copied by hand is not misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const KEY_BYTES = 32;

function toBase32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      text += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += ALPHABET[(value << (5 - bits)) & 31];
  return text;
}

function fromBase32(text: string): Uint8Array<ArrayBuffer> | null {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) return null;
    value = ((value << 5) | digit) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return new Uint8Array(bytes);
}

/** A new recovery key: 256 random bits, shown once as 13 groups of 4 characters. */
export function generateRecoveryKey(): string {
  const text = toBase32(crypto.getRandomValues(new Uint8Array(KEY_BYTES)));
  return text.match(/.{1,4}/g)?.join('-') ?? text;
}

/**
 * The wrapping key a recovery key stands for. Its 256 bits need no stretching; HKDF turns them into an
 * AES-GCM key. Spaces, dashes and case do not matter, and O, I and L read as 0, 1 and 1.
 */
export async function recoveryWrappingKey(recoveryKey: string): Promise<CryptoKey> {
  const normalized = recoveryKey
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replaceAll('O', '0')
    .replace(/[IL]/g, '1');
  const bytes = fromBase32(normalized);
  if (!bytes || bytes.length !== KEY_BYTES) throw new WrongUnlockSecretError('recovery key');
  const material = await crypto.subtle.importKey('raw', bytes, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: new Uint8Array(0),
      info: new TextEncoder().encode('murmur:recovery-key:v1'),
    },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['wrapKey', 'unwrapKey'],
  );
}
