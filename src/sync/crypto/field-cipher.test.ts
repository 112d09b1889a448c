import { describe, expect, it } from 'vitest';

import { JournalDecryptionError } from './crypto-errors.ts';
import { decryptField } from './decrypt-field.ts';
import { encryptField } from './encrypt-field.ts';
import { isEncryptedValue } from './encrypted-value.ts';
import { generateDataKey } from './generate-data-key.ts';

const body = { table: 'notes', id: '0190d4c2-7a1e-7000-8000-000000000001', field: 'body' };

describe('a field encrypted with the data key', () => {
  it('decrypts to the same value, whatever JSON it is', async () => {
    const key = await generateDataKey();
    for (const value of [
      'Café in Lisbon — 🌧️',
      '',
      ['travel', 'home'],
      [{ start: 0, end: 1.5, text: 'hi' }],
    ]) {
      const sealed = await encryptField(key, body, value);
      expect(isEncryptedValue(sealed)).toBe(true);
      expect(await decryptField(key, body, sealed)).toEqual(value);
    }
  });

  it('shows none of the words it holds, and differs each time (a fresh IV per value)', async () => {
    const key = await generateDataKey();
    const first = await encryptField(key, body, 'marmalade lighthouse');
    const second = await encryptField(key, body, 'marmalade lighthouse');
    expect(first).not.toContain('marmalade');
    expect(first).not.toBe(second);
  });

  it('is refused in another field, entry or table (associated data)', async () => {
    const key = await generateDataKey();
    const sealed = await encryptField(key, body, 'secret');
    for (const moved of [
      { ...body, field: 'title' },
      { ...body, id: '0190d4c2-7a1e-7000-8000-000000000002' },
      { ...body, table: 'diary_entries' },
    ]) {
      await expect(decryptField(key, moved, sealed)).rejects.toBeInstanceOf(JournalDecryptionError);
    }
  });

  it('is refused with a clear error when altered, cut short, not a ciphertext, or under another key', async () => {
    const key = await generateDataKey();
    const sealed = await encryptField(key, body, 'secret');
    const flipped = sealed.slice(0, -3) + (sealed.at(-3) === 'A' ? 'B' : 'A') + sealed.slice(-2);
    const otherKey = await generateDataKey();
    const attempts = [
      () => decryptField(key, body, flipped),
      () => decryptField(key, body, sealed.slice(0, 12)),
      () => decryptField(key, body, 'plain text'),
      () => decryptField(key, body, 'mx1.not*base64'),
      () => decryptField(otherKey, body, sealed),
    ];
    for (const attempt of attempts) {
      await expect(attempt()).rejects.toThrow('Murmur could not decrypt notes.body of');
    }
  });
});
