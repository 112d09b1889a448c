import type { CheckedPullPage } from './protocol.ts';

/**
 * Most rows one transaction of a walk applies. A screen's live query reads between two transactions,
 * not during one: all of a first sync's
 * fetched-ahead rows in one transaction kept its list empty until its end. But every commit costs the
 * screens' reads again (the notes list counts its index, which IndexedDB does row by row), and the
 * next transaction waits for them: 1,000 rows per commit made a fresh device's 10,000-note sync about
 * 0.5 s slower than 2,500 (same machine, alternating). At 2,500 the list still grows every half second
 * or so, and a local write waits at most that long for the transaction being applied (R13).
 */
export const MAX_ROWS_PER_APPLY = 2_500;

export type PulledPage = Extract<CheckedPullPage, { reset_required: false }>;

/** Consecutive pages in groups of at most MAX_ROWS_PER_APPLY rows (a larger page is a group alone). */
export function applyGroups(pages: PulledPage[]): PulledPage[][] {
  const groups: PulledPage[][] = [];
  let rows = Infinity;
  for (const page of pages) {
    const group = groups.at(-1);
    // Rows kept sealed (R47) are written in the same transaction, and count as much.
    const size = page.rows.length + (page.kept?.length ?? 0);
    if (group && rows + size <= MAX_ROWS_PER_APPLY) {
      group.push(page);
      rows += size;
    } else {
      groups.push([page]);
      rows = size;
    }
  }
  return groups;
}
