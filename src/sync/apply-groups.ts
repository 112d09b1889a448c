import type { PullResponse } from './protocol.ts';

/**
 * Most rows one transaction of a walk applies. A screen's live query reads between two transactions,
 * not during one: with the pages applied off the main thread (ADR 0099) thousands of fetched-ahead rows
 * in one transaction kept a first sync's list empty until its end. One page is a few hundred ms of
 * writing on a slow machine, so the list grows as pages come.
 */
export const MAX_ROWS_PER_APPLY = 1_000;

export type PulledPage = Extract<PullResponse, { reset_required: false }>;

/** Consecutive pages in groups of at most MAX_ROWS_PER_APPLY rows (a larger page is a group alone). */
export function applyGroups(pages: PulledPage[]): PulledPage[][] {
  const groups: PulledPage[][] = [];
  let rows = Infinity;
  for (const page of pages) {
    const group = groups.at(-1);
    if (group && rows + page.rows.length <= MAX_ROWS_PER_APPLY) {
      group.push(page);
      rows += page.rows.length;
    } else {
      groups.push([page]);
      rows = page.rows.length;
    }
  }
  return groups;
}
