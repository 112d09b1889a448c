import { describe, expect, it } from 'vitest';

import { realIds } from './real-ports.ts';

describe('realIds', () => {
  it('draws distinct UUIDv7s whose random parts differ throughout', () => {
    const ids = Array.from({ length: 2_000 }, () => realIds.next());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids.map((id) => id.slice(-12))).size).toBe(ids.length);
  });
});
