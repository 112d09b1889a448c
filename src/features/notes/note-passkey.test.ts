import { describe, expect, it } from 'vitest';

import { derToRawSignature } from './note-passkey.ts';

/** DER SEQUENCE { INTEGER r, INTEGER s } as authenticators send ES256 signatures. */
function der(r: number[], s: number[]): Uint8Array {
  const body = [0x02, r.length, ...r, 0x02, s.length, ...s];
  return Uint8Array.from([0x30, body.length, ...body]);
}

describe('derToRawSignature', () => {
  it('drops the sign byte of a high r and pads a short s to 32 bytes each', () => {
    const r = [0x00, 0x80, ...Array.from({ length: 31 }, (_, i) => i)];
    const s = Array.from({ length: 31 }, (_, i) => 0x40 + i);
    const raw = derToRawSignature(der(r, s));
    expect(raw).toHaveLength(64);
    expect([...raw.subarray(0, 32)]).toEqual(r.slice(1));
    expect([...raw.subarray(32)]).toEqual([0, ...s]);
  });

  it('refuses what is not a DER signature', () => {
    expect(() => derToRawSignature(Uint8Array.from([0x31, 0x00]))).toThrow('not a DER ECDSA signature');
    expect(() =>
      derToRawSignature(
        der(
          Array.from({ length: 34 }, () => 1),
          [1],
        ),
      ),
    ).toThrow('not a DER ECDSA signature');
  });
});
