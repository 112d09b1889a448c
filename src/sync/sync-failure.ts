import { JournalLockedError } from './crypto/crypto-errors.ts';
import { MalformedResponseError } from './errors.ts';
import type { SyncErrorKind } from './sync-status.ts';
import { TransportError } from './transport.ts';

/**
 * What a failed sync cycle means for the engine, decided from the error alone:
 * - `signIn`: the session expired or was revoked (R32). Sync waits for a refreshed session, not a timer;
 *   writes keep working meanwhile.
 * - `retry`: the network, the server, a malformed answer (R4) or the local database failed. The cycle is
 *   tried again after a backoff.
 * - `stop`: the server refuses this device the user's data (R31), or the journal is encrypted and this
 *   device has no key for it (R45). Asking again changes nothing, so only a new trigger (the user's
 *   "Sync now", a new session, an unlock) tries again. A clear journal's refusal of a sealed value (R46)
 *   is handled by the engine (it forgets the key and pushes again); one that still comes after that
 *   stops the same way.
 */
export type SyncFailure =
  | { then: 'signIn'; kind: 'auth'; message: string }
  | {
      then: 'retry';
      kind: Exclude<SyncErrorKind, 'auth' | 'forbidden' | 'account_mismatch' | 'locked'>;
      message: string;
    }
  | { then: 'stop'; kind: 'forbidden' | 'locked'; message: string };

export function syncFailure(error: unknown): SyncFailure {
  if (error instanceof TransportError) {
    if (error.kind === 'unauthorized') return { then: 'signIn', kind: 'auth', message: error.message };
    if (error.kind === 'forbidden') return { then: 'stop', kind: 'forbidden', message: error.message };
    if (error.kind === 'journal_locked') return { then: 'stop', kind: 'locked', message: error.message };
    if (error.kind === 'journal_clear') return { then: 'stop', kind: 'forbidden', message: error.message };
    return { then: 'retry', kind: error.kind === 'network' ? 'network' : 'server', message: error.message };
  }
  if (error instanceof JournalLockedError) return { then: 'stop', kind: 'locked', message: error.message };
  if (error instanceof MalformedResponseError)
    return { then: 'retry', kind: 'malformed', message: error.message };
  return { then: 'retry', kind: 'local', message: error instanceof Error ? error.message : String(error) };
}
