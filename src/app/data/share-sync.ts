import type { LockPort } from '../../sync/ports.ts';
import { SyncStatusStore, type SyncStatus } from '../../sync/sync-status.ts';
import type { TabSync, UserSync } from './start-user-sync.ts';
import type { LeaderEngine } from './sync-worker-messages.ts';
import type { FocusSource } from './window-focus.ts';

/** The part of a BroadcastChannel used here (browsers and node have the real one). */
interface SyncChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

/**
 * Between the tabs of one user's database. The leader announces itself, and sends its status at each
 * change and when a follower says hello; followers send what the leader's triggers would have heard in
 * their tab.
 */
type SyncMessage =
  | { kind: 'leading' }
  | { kind: 'status'; status: SyncStatus }
  | { kind: 'hello' }
  | { kind: 'wrote' }
  | { kind: 'focus' }
  | { kind: 'sync-now'; id: string }
  | { kind: 'synced'; id: string };

export interface ShareSyncOptions {
  locks: LockPort;
  /** The user's database name: it names the lock and, by the caller, the channel. */
  name: string;
  channel: SyncChannel;
  /** This tab's focus: the leader's engine hears its own; a follower's is sent to the leader. */
  focus: FocusSource;
  /** A follower's status until the leader's first arrives (the leader's engine sets its own). */
  initialStatus: Partial<SyncStatus>;
  /** Tells this tab's sync-now requests from other followers'. */
  tabId: string;
  /** Starts the engine here, once this tab leads; a rejection lets the next tab try. */
  lead: () => Promise<UserSync<LeaderEngine>>;
}

/** The Web Lock whose holder runs the device's sync engine for this database (ADR 0134). */
export function syncOwnerLockName(name: string): string {
  return `${name}:sync`;
}

/**
 * One sync engine per database on a device (ADR 0134): every tab asks for the database's sync lock and
 * waits; the tab holding it starts the engine (`lead`) and keeps it until it disposes or closes, which
 * lets the lock go to the next tab waiting. The others run no engine: they read the shared database
 * (live queries see the leader's writes) and take the leader's status from the channel; their writes,
 * focus and "Sync now" reach the leader through it, so a follower's write is pushed as promptly.
 */
export function shareSync(options: ShareSyncOptions): UserSync {
  const { channel, tabId } = options;
  const status = new SyncStatusStore();
  status.set(options.initialStatus);
  let leader: UserSync<LeaderEngine> | null = null;
  let disposed = false;
  let stepDown: () => void = () => undefined;
  let asked = 0;
  /** This tab's "Sync now" requests sent to the leader, resolved by its answer. */
  const waiting = new Map<string, () => void>();
  const answerAll = () => {
    for (const answer of waiting.values()) answer();
    waiting.clear();
  };
  const post = (message: SyncMessage) => {
    if (!disposed) channel.postMessage(message);
  };

  channel.addEventListener('message', (event) => {
    const message = event.data as SyncMessage;
    if (!leader) {
      if (message.kind === 'status') status.set(message.status);
      // Requests the tab that led before did not answer go to the new one.
      else if (message.kind === 'leading') for (const id of waiting.keys()) post({ kind: 'sync-now', id });
      else if (message.kind === 'synced') {
        waiting.get(message.id)?.();
        waiting.delete(message.id);
      }
      return;
    }
    const { engine } = leader;
    if (message.kind === 'hello') post({ kind: 'status', status: engine.status.get() });
    else if (message.kind === 'wrote') engine.notifyLocalWrite();
    else if (message.kind === 'focus') engine.notifyFocus();
    else if (message.kind === 'sync-now') {
      const { id } = message;
      void engine.syncNow().then(() => post({ kind: 'synced', id }));
    }
  });

  const stopFocus = options.focus.subscribe(() => {
    if (!leader) post({ kind: 'focus' });
  });

  const lead = async () => {
    if (disposed) return;
    let sync: UserSync<LeaderEngine>;
    try {
      sync = await options.lead();
    } catch (error) {
      console.error('Murmur could not start syncing in this tab; another tab may', error);
      return;
    }
    if (disposed) {
      sync.dispose();
      return;
    }
    leader = sync;
    post({ kind: 'leading' });
    const stopStatus = sync.engine.status.subscribe((next) => {
      status.set(next);
      post({ kind: 'status', status: next });
    });
    // Asked of the tab that led before: the run that start() began answers them.
    if (waiting.size > 0) void sync.engine.syncNow().then(answerAll);
    // Held until this tab disposes its sync (sign-out, another account) or the page goes.
    await new Promise<void>((resolve) => (stepDown = resolve));
    stopStatus();
  };
  options.locks.request(syncOwnerLockName(options.name), {}, lead).catch((error: unknown) => {
    console.error('Murmur could not ask which tab syncs', error);
  });
  post({ kind: 'hello' });

  const engine: TabSync = {
    status,
    syncNow() {
      if (leader) return leader.engine.syncNow();
      if (disposed) return Promise.resolve();
      const id = `${tabId}:${++asked}`;
      return new Promise<void>((resolve) => {
        waiting.set(id, resolve);
        post({ kind: 'sync-now', id });
      });
    },
    notifyWriteStarting() {
      leader?.engine.notifyWriteStarting();
    },
    notifyLocalWrite() {
      if (leader) leader.engine.notifyLocalWrite();
      else post({ kind: 'wrote' });
    },
  };
  return {
    engine,
    dispose() {
      if (disposed) return;
      disposed = true;
      stopFocus();
      leader?.dispose();
      leader = null;
      stepDown();
      answerAll();
      channel.close();
    },
  };
}
