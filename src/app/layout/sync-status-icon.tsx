import type { SyncState } from '../../sync/sync-status.ts';
import { LineIcon } from '../../ui/line-icon.tsx';

const PATHS: Record<SyncState, string> = {
  // A cloud with a stroke through it.
  offline:
    'M3 3l18 18M8.5 8.6A4.5 4.5 0 0 0 7 17h10.5M16.7 11.2A3.5 3.5 0 0 1 19 17.6M9.6 6.3A5 5 0 0 1 16.7 11',
  // Two arrows chasing each other.
  syncing: 'M20 12a8 8 0 0 1-14.3 4.9M4 12a8 8 0 0 1 14.3-4.9M18 3v4.5h-4.5M6 21v-4.5h4.5',
  // A cloud with a check.
  up_to_date: 'M7 18a4.5 4.5 0 0 1-.6-9A6 6 0 0 1 18 9.5a4.3 4.3 0 0 1-.5 8.5zM9.5 13.5l2 2 3.5-4',
  // A warning triangle.
  error: 'M12 4 2.5 20h19zM12 10v4.5M12 17.3v.2',
};

/** Decorative: the indicator's text names the state for assistive technology. */
export function SyncStatusIcon({ state, className }: { state: SyncState; className?: string }) {
  return <LineIcon path={PATHS[state]} size={18} className={className} />;
}
