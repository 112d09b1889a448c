import type { SyncStatus } from '../../sync/sync-status.ts';

/**
 * What the polite live region says about sync, and when. Only changes a user needs to hear: going
 * offline, a problem (per kind), and coming back to "all synced" after one of those. Routine syncing
 * after each write and progress ticks are never announced — they would talk over the user's typing.
 */
export type SyncCondition = 'offline' | `error:${string}` | 'ok';

/** null while syncing: the run's outcome decides what, if anything, to say. */
export function syncCondition(status: SyncStatus): SyncCondition | null {
  switch (status.state) {
    case 'offline':
      return 'offline';
    case 'error':
      return `error:${status.error?.kind ?? 'unknown'}`;
    case 'up_to_date':
      // Locked (R47): pulls go on, but this device's changes wait for the unlock; never "all synced".
      return status.locked ? null : 'ok';
    case 'syncing':
      return null;
  }
}

export type Announcement = { key: 'offline' } | { key: 'error' } | { key: 'recovered' } | null;

/** `previous` is the last condition seen (null at start). */
export function announcementFor(previous: SyncCondition | null, next: SyncCondition | null): Announcement {
  if (next === null || next === previous) return null;
  if (next === 'offline') return { key: 'offline' };
  if (next === 'ok') return previous === null ? null : { key: 'recovered' };
  return { key: 'error' };
}
