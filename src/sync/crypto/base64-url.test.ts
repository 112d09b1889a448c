import { describe, expect, it } from 'vitest';

import { fromBase64Url, toBase64Url } from './base64-url.ts';

/** The reference: Node's own base64url, unpadded. */
const reference = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

describe('base64url', () => {
  it('writes what the standard encoding writes, and reads it back, at every length and byte', () => {
    const all = Uint8Array.from({ length: 256 }, (_, byte) => byte);
    for (let length = 0; length <= 70; length += 1) {
      const bytes = crypto.getRandomValues(new Uint8Array(length));
      expect(toBase64Url(bytes)).toBe(reference(bytes));
      expect(fromBase64Url(reference(bytes))).toEqual(bytes);
    }
    expect(toBase64Url(all)).toBe(reference(all));
    expect(fromBase64Url(toBase64Url(all))).toEqual(all);
  });

  it('refuses text that is not base64url: another alphabet, padding, spaces, an impossible length', () => {
    for (const text of ['ab+c', 'ab/c', 'abc=', 'ab c', 'abcdé', 'abcde', 'A'])
      expect(() => fromBase64Url(text), text).toThrow(SyntaxError);
    expect(fromBase64Url('')).toEqual(new Uint8Array(0));
  });
});
