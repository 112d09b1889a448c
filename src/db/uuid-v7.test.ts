import { describe, expect, it } from 'vitest';

import { uuidV7 } from './uuid-v7.ts';

describe('uuidV7', () => {
  it('has version 7, the RFC variant, and sorts by time', () => {
    const random = new Uint8Array(10).fill(0xff);
    const early = uuidV7(1_700_000_000_000, random);
    const late = uuidV7(1_700_000_000_001, new Uint8Array(10));
    expect(early).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(early < late).toBe(true);
    expect(parseInt(early.replace(/-/g, '').slice(0, 12), 16)).toBe(1_700_000_000_000);
  });
});
