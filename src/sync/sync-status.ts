/**
 * The engine's status, observable (R34). The UI shows it; tests wait on it.
 * - offline: the device is offline (writes still work);
 * - syncing: a push or pull is running (progress counts what is done out of what is known);
 * - up_to_date: nothing queued and the last pull reached the server's clock;
 * - error: the last attempt failed (kind says why; `auth` means sign in again to sync, `locked` that the
 *   server refused this device's push as locked although it holds a key).
 *
 * Beside the state, `locked`: the journal was encrypted on another device and this one holds no key. It
 * keeps rows it pulled sealed aside, or the server refused its clear push (R45); sync goes on, and the
 * screens lead to the unlock (R47, ADR 0155).
 */
export type SyncState = 'offline' | 'syncing' | 'up_to_date' | 'error';
export type SyncErrorKind =
  'network' | 'server' | 'auth' | 'forbidden' | 'account_mismatch' | 'malformed' | 'local' | 'locked';

export interface SyncStatus {
  state: SyncState;
  pending: number;
  progress: { phase: 'push' | 'pull'; done: number; total: number } | null;
  error: { kind: SyncErrorKind; message: string } | null;
  /** Rows wait sealed for an unlock, or a push was refused without a key (R47). */
  locked: boolean;
}

export type StatusListener = (status: SyncStatus) => void;

export class SyncStatusStore {
  private status: SyncStatus = { state: 'offline', pending: 0, progress: null, error: null, locked: false };
  private readonly listeners = new Set<StatusListener>();

  get(): SyncStatus {
    return this.status;
  }

  subscribe(listener: StatusListener): () => void {
    this.listeners.add(listener);
    listener(this.status);
    return () => this.listeners.delete(listener);
  }

  set(patch: Partial<SyncStatus>): void {
    const next = { ...this.status, ...patch };
    if (JSON.stringify(next) === JSON.stringify(this.status)) return;
    this.status = next;
    for (const listener of this.listeners) listener(next);
  }
}
