import { describe, expect, it } from 'vitest';

import type { SyncStatus } from '../../sync/sync-status.ts';
import { announcementFor, syncCondition, type SyncCondition } from './sync-announcement.ts';

const status = (patch: Partial<SyncStatus>): SyncStatus => ({
  state: 'up_to_date',
  pending: 0,
  progress: null,
  error: null,
  locked: false,
  ...patch,
});

/** Feeds statuses through the rule the indicator uses and collects what would be said. */
function announcements(statuses: SyncStatus[]): string[] {
  let last: SyncCondition | null = null;
  const said: string[] = [];
  for (const next of statuses) {
    const condition = syncCondition(next);
    if (condition === null) continue;
    const announcement = announcementFor(last, condition);
    last = condition;
    if (announcement) said.push(announcement.key);
  }
  return said;
}

describe('sync announcements', () => {
  it('[R34] routine syncing and progress ticks are never announced', () => {
    const progress = (done: number) => ({ phase: 'push' as const, done, total: 3 });
    expect(
      announcements([
        status({ state: 'syncing' }),
        status({}),
        status({ state: 'syncing', pending: 3, progress: progress(1) }),
        status({ state: 'syncing', pending: 3, progress: progress(2) }),
        status({}),
      ]),
    ).toEqual([]);
  });

  it('[R33][R34] going offline, a problem and the recovery are each said once', () => {
    const network = { kind: 'network' as const, message: 'timeout' };
    expect(
      announcements([
        status({}),
        status({ state: 'offline', pending: 1 }),
        status({ state: 'offline', pending: 2 }),
        status({ state: 'syncing', pending: 2 }),
        status({ state: 'error', pending: 2, error: network }),
        status({ state: 'error', pending: 2, error: { ...network, message: 'reset' } }),
        status({ state: 'syncing', pending: 2 }),
        status({}),
        status({}),
      ]),
    ).toEqual(['offline', 'error', 'recovered']);
  });
});
