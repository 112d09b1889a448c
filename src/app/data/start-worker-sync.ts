import type { AuthPort, Connectivity } from '../../sync/ports.ts';
import { SyncStatusStore } from '../../sync/sync-status.ts';
import type { UserSync } from './start-user-sync.ts';
import type { FromSyncWorker, LeaderEngine, SyncMessagePort, ToSyncWorker } from './sync-worker-messages.ts';
import type { FocusSource } from './window-focus.ts';

/** The part of a Worker used here. */
export interface SyncWorker extends SyncMessagePort<FromSyncWorker, ToSyncWorker> {
  addEventListener(type: 'message', listener: (event: MessageEvent<FromSyncWorker>) => void): void;
  addEventListener(type: 'error', listener: (event: Event) => void): void;
  terminate(): void;
}

export interface StartWorkerSyncOptions {
  worker: SyncWorker;
  userId: string;
  /** The tab's session: sent to the worker at each change, refreshed when the worker asks. */
  auth: AuthPort;
  connectivity: Connectivity;
  focus: FocusSource;
}

/**
 * Runs the user's sync engine in a worker (ADR 0139), so pulling, checking and storing pages never
 * holds the page's thread: resolves once the worker's engine has started, with an engine that speaks
 * to it; rejects when the worker could not start one (the caller lets another tab try).
 */
export function startWorkerSync(options: StartWorkerSyncOptions): Promise<UserSync<LeaderEngine>> {
  const { worker, auth, connectivity, focus } = options;
  const post = (message: ToSyncWorker) => worker.postMessage(message);
  const status = new SyncStatusStore();
  const waiting = new Map<number, () => void>();
  let asked = 0;
  let disposed = false;
  const stops = [
    auth.subscribe((session) => post({ kind: 'session', session })),
    connectivity.subscribe((online) => post({ kind: 'online', online })),
    focus.subscribe(() => post({ kind: 'focus' })),
  ];
  const answerAll = () => {
    for (const answer of waiting.values()) answer();
    waiting.clear();
  };
  const dispose = () => {
    if (disposed) return;
    disposed = true;
    for (const stop of stops) stop();
    // Ends the engine mid-transaction at worst: IndexedDB rolls that transaction back whole, and a
    // push whose acknowledgement was not recorded is sent again (R8).
    worker.terminate();
    answerAll();
  };

  const engine: LeaderEngine = {
    status,
    syncNow() {
      if (disposed) return Promise.resolve();
      const id = ++asked;
      return new Promise<void>((resolve) => {
        waiting.set(id, resolve);
        post({ kind: 'sync-now', id });
      });
    },
    notifyWriteStarting: () => post({ kind: 'write-starting' }),
    notifyLocalWrite: () => post({ kind: 'wrote' }),
    notifyFocus: () => post({ kind: 'focus' }),
  };

  return new Promise((resolve, reject) => {
    let started = false;
    const fail = (message: string) => {
      dispose();
      reject(new Error(message));
    };
    worker.addEventListener('error', (event: Event) => {
      const message = event instanceof ErrorEvent ? event.message : 'the sync worker failed';
      if (!started) fail(message);
      else console.error('Murmur sync worker failed', message);
    });
    worker.addEventListener('message', ({ data: message }) => {
      if (disposed) return;
      switch (message.kind) {
        case 'status':
          status.set(message.status);
          return;
        case 'synced':
          waiting.get(message.id)?.();
          waiting.delete(message.id);
          return;
        case 'refresh':
          auth.refresh().then(
            () => post({ kind: 'refreshed' }),
            (error: unknown) => {
              console.error('Murmur could not refresh the session for sync', error);
              post({ kind: 'refreshed' });
            },
          );
          return;
        case 'started':
          started = true;
          resolve({ engine, dispose });
          return;
        case 'failed':
          fail(`the sync worker could not start: ${message.message}`);
      }
    });
    post({ kind: 'start', userId: options.userId, session: auth.current(), online: connectivity.isOnline() });
  });
}
