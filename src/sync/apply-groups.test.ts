import { describe, expect, it } from 'vitest';

import { applyGroups, MAX_ROWS_PER_APPLY, type PulledPage } from './apply-groups.ts';

function page(rows: number, cursor: number): PulledPage {
  return {
    reset_required: false,
    rows: Array.from({ length: rows }, (_, i) => ({
      table: 'notes',
      id: `n${cursor}-${i}`,
      version: cursor,
      data: {},
      hlc: {},
    })),
    next_cursor: cursor,
    has_more: true,
    clock: 100,
    last_mutation_seq: 0,
  };
}

const sizes = (groups: PulledPage[][]) => groups.map((group) => group.map((p) => p.rows.length));

describe('applyGroups', () => {
  it('applies fetched-ahead pages in order, a few thousand rows per transaction at most', () => {
    const pages = [1000, 1000, 1000, 1000, 1000].map((rows, i) => page(rows, i + 1));
    const groups = applyGroups(pages);
    expect(sizes(groups)).toEqual([[1000, 1000], [1000, 1000], [1000]]);
    expect(groups.flat().map((p) => p.next_cursor)).toEqual([1, 2, 3, 4, 5]);
    expect(MAX_ROWS_PER_APPLY).toBe(2500);
  });

  it('keeps small pages together and puts a page larger than the limit in a group of its own', () => {
    expect(sizes(applyGroups([page(3, 1), page(2, 2), page(3000, 3), page(1, 4)]))).toEqual([
      [3, 2],
      [3000],
      [1],
    ]);
    expect(applyGroups([])).toEqual([]);
  });
});
