import type { EnginePorts } from './ports.ts';
import type { SyncStatus } from './sync-status.ts';
import type { SyncSession } from './transport.ts';

export type SessionCheck =
  | { session: SyncSession }
  /** This run stops here; `status` says why (null: it was said already, by the 401 that blocked sync). */
  | { session: null; status: Partial<SyncStatus> | null };

/**
 * The session a sync cycle may use: the device is online, sync is not waiting for a refreshed session
 * after a 401 (R32), someone is signed in, and it is the user whose database this is (R30: an outbox is
 * never pushed under another account).
 */
export function sessionToSyncWith(
  ports: Pick<EnginePorts, 'connectivity' | 'auth'>,
  userId: string,
  waitingForRefresh: boolean,
): SessionCheck {
  if (!ports.connectivity.isOnline()) return { session: null, status: { state: 'offline', progress: null } };
  if (waitingForRefresh) return { session: null, status: null };
  const session = ports.auth.current();
  if (!session) {
    return {
      session: null,
      status: { state: 'error', progress: null, error: { kind: 'auth', message: 'Sign in to sync.' } },
    };
  }
  if (session.userId !== userId) {
    return {
      session: null,
      status: {
        state: 'error',
        progress: null,
        error: {
          kind: 'account_mismatch',
          message: 'Signed in as another user; this device keeps its changes.',
        },
      },
    };
  }
  return { session };
}
