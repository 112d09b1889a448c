import { describe, expect, it } from 'vitest';

import { hashPin, isValidPin, readPinRecord, verifyPin, writePinRecord } from './note-pin.ts';

describe('note-lock PIN', () => {
  it('accepts 4 to 12 digits only', () => {
    expect(['1234', '123456789012'].map(isValidPin)).toEqual([true, true]);
    expect(['123', '1234567890123', '12a4', ' 1234'].map(isValidPin)).toEqual([false, false, false, false]);
  });

  it('stores a salted hash that verifies the right PIN and no other', async () => {
    const record = await hashPin('4711', 100_000);
    expect(JSON.stringify(record)).not.toContain('4711');
    expect(await verifyPin('4711', record)).toBe(true);
    expect(await verifyPin('4712', record)).toBe(false);
    const again = await hashPin('4711', 100_000);
    expect(again.salt).not.toBe(record.salt);
    expect(again.hash).not.toBe(record.hash);
  });

  it('keeps the record per user on this device and ignores a tampered one', async () => {
    const record = await hashPin('2468', 100_000);
    writePinRecord('user-a', record);
    expect(readPinRecord('user-a')).toEqual(record);
    expect(readPinRecord('user-b')).toBeNull();
    localStorage.setItem('murmur-note-lock-pin:user-c', '{"v":1,"hash":"x"}');
    const warnings: unknown[] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args);
    try {
      expect(readPinRecord('user-c')).toBeNull();
    } finally {
      console.warn = original;
    }
    expect(warnings).toHaveLength(1);
  });
});
