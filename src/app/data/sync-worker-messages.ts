import type { SyncEngine } from '../../sync/sync-engine.ts';
import type { SyncStatus } from '../../sync/sync-status.ts';
import type { SyncSession } from '../../sync/transport.ts';

/** What the tab leading a device's sync (ADR 0134) uses of the engine, wherever the engine runs. */
export type LeaderEngine = Pick<
  SyncEngine,
  'status' | 'syncNow' | 'notifyWriteStarting' | 'notifyLocalWrite' | 'notifyFocus'
>;

/**
 * From the leading tab to its sync worker (ADR 0139). The tab owns what only a page has: the signed-in
 * session (supabase-js keeps and refreshes it in the page's storage), whether the browser is online
 * and whether the person came back to the window; the worker runs the engine on them.
 */
export type ToSyncWorker =
  | { kind: 'start'; userId: string; session: SyncSession | null; online: boolean }
  | { kind: 'session'; session: SyncSession | null }
  /** The answer to 'refresh': whatever session the refresh gave has been sent before it. */
  | { kind: 'refreshed' }
  | { kind: 'online'; online: boolean }
  | { kind: 'focus' }
  | { kind: 'write-starting' }
  | { kind: 'wrote' }
  | { kind: 'sync-now'; id: number };

/** From the sync worker to the tab that started it. */
export type FromSyncWorker =
  | { kind: 'started' }
  | { kind: 'failed'; message: string }
  | { kind: 'status'; status: SyncStatus }
  | { kind: 'synced'; id: number }
  /** The server refused the access token: the tab asks supabase-js for a fresh session. */
  | { kind: 'refresh' };

/** The part of a Worker (or of a worker's global scope, or a MessagePort) the two sides use. */
export interface SyncMessagePort<Incoming, Outgoing> {
  postMessage(message: Outgoing): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<Incoming>) => void): void;
}
