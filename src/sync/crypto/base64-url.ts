const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Each character code below 128 to its six bits; -1 for a character base64url does not use. */
const SIXTETS = new Int8Array(128).fill(-1);
for (let index = 0; index < ALPHABET.length; index += 1) SIXTETS[ALPHABET.charCodeAt(index)] = index;

/**
 * Bytes as base64url without padding, the form ciphertexts and wrapped keys take in rows and JSON.
 * Every pulled and pushed value of an encrypted journal passes here or through fromBase64Url, so both
 * map characters through a table in one pass rather than through btoa/atob and the string copies
 * around them.
 */
export function toBase64Url(bytes: Uint8Array): string {
  let text = '';
  let index = 0;
  for (; index + 2 < bytes.length; index += 3) {
    const triple = ((bytes[index] ?? 0) << 16) | ((bytes[index + 1] ?? 0) << 8) | (bytes[index + 2] ?? 0);
    text +=
      ALPHABET.charAt(triple >> 18) +
      ALPHABET.charAt((triple >> 12) & 63) +
      ALPHABET.charAt((triple >> 6) & 63) +
      ALPHABET.charAt(triple & 63);
  }
  const left = bytes.length - index;
  if (left > 0) {
    const pair = ((bytes[index] ?? 0) << 16) | (left === 2 ? (bytes[index + 1] ?? 0) << 8 : 0);
    text += ALPHABET.charAt(pair >> 18) + ALPHABET.charAt((pair >> 12) & 63);
    if (left === 2) text += ALPHABET.charAt((pair >> 6) & 63);
  }
  return text;
}

/**
 * The inverse of toBase64Url; throws a SyntaxError on text that is not base64url (a character outside
 * its alphabet, padding, or a length no byte string encodes to). Bits left over past the last whole
 * byte are dropped, as atob drops them.
 */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  if (text.length % 4 === 1) throw new SyntaxError('not base64url');
  const bytes = new Uint8Array((text.length * 3) >> 2);
  let bits = 0;
  let held = 0;
  let at = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const sixtet = code < 128 ? (SIXTETS[code] ?? -1) : -1;
    if (sixtet < 0) throw new SyntaxError('not base64url');
    // At most 6 + 6 bits are held between bytes written: the mask keeps the number small.
    bits = ((bits << 6) | sixtet) & 0xfff;
    held += 6;
    if (held >= 8) {
      held -= 8;
      bytes[at] = (bits >> held) & 0xff;
      at += 1;
    }
  }
  return bytes;
}
