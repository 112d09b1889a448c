import { describe, expect, it } from 'vitest';

import { createRealIds } from './real-ports.ts';

describe('createRealIds', () => {
  it('draws distinct UUIDv7s, past many refills of its random bytes', () => {
    const realIds = createRealIds();
    const ids = Array.from({ length: 2_000 }, () => realIds.next());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // 2,000 ids of 10 random bytes each span several 4 KiB draws: their random parts differ throughout.
    expect(new Set(ids.map((id) => id.slice(-12))).size).toBe(ids.length);
  });
});
