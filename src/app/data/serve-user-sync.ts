import type { AuthPort, Connectivity } from '../../sync/ports.ts';
import type { SyncSession } from '../../sync/transport.ts';
import type { UserSync } from './start-user-sync.ts';
import type { FromSyncWorker, LeaderEngine, SyncMessagePort, ToSyncWorker } from './sync-worker-messages.ts';
import type { FocusSource } from './window-focus.ts';

/** What the engine in the worker takes from the tab that started it, kept current by its messages. */
export interface TabPorts {
  userId: string;
  auth: AuthPort;
  connectivity: Connectivity;
  focus: FocusSource;
}

/**
 * The worker's side of a leading tab's sync (ADR 0139): on the tab's 'start', `begin` starts the
 * user's engine over ports the tab feeds (session, connectivity, focus); the engine's status goes back
 * at each change, and the tab's writes, focus and "Sync now" come in. Runs until the tab terminates the
 * worker; a failure to start is reported, never thrown away.
 */
export function serveUserSync(
  port: SyncMessagePort<ToSyncWorker, FromSyncWorker>,
  begin: (tab: TabPorts) => Promise<UserSync<LeaderEngine>>,
): void {
  let session: SyncSession | null = null;
  let online = false;
  const sessionListeners = new Set<(session: SyncSession | null) => void>();
  const onlineListeners = new Set<(online: boolean) => void>();
  const focusListeners = new Set<() => void>();
  /** Refreshes asked of the tab, settled by its 'refreshed'. */
  const refreshing: (() => void)[] = [];
  let engine: LeaderEngine | null = null;
  /** Messages that came while the engine was starting, handled once it has. */
  let early: ToSyncWorker[] = [];

  const auth: AuthPort = {
    current: () => session,
    refresh() {
      return new Promise<void>((resolve) => {
        refreshing.push(resolve);
        if (refreshing.length === 1) port.postMessage({ kind: 'refresh' });
      });
    },
    subscribe(listener) {
      sessionListeners.add(listener);
      return () => sessionListeners.delete(listener);
    },
  };
  const connectivity: Connectivity = {
    isOnline: () => online,
    subscribe(listener) {
      onlineListeners.add(listener);
      return () => onlineListeners.delete(listener);
    },
  };
  const focus: FocusSource = {
    subscribe(listener) {
      focusListeners.add(listener);
      return () => focusListeners.delete(listener);
    },
  };

  const toEngine = (running: LeaderEngine, message: ToSyncWorker) => {
    if (message.kind === 'write-starting') running.notifyWriteStarting();
    else if (message.kind === 'wrote') running.notifyLocalWrite();
    else if (message.kind === 'sync-now') {
      const { id } = message;
      void running.syncNow().then(() => port.postMessage({ kind: 'synced', id }));
    }
  };

  const start = async (userId: string) => {
    try {
      const sync = await begin({ userId, auth, connectivity, focus });
      engine = sync.engine;
      port.postMessage({ kind: 'status', status: engine.status.get() });
      engine.status.subscribe((status) => port.postMessage({ kind: 'status', status }));
      port.postMessage({ kind: 'started' });
      const waiting = early;
      early = [];
      for (const message of waiting) toEngine(engine, message);
    } catch (error) {
      port.postMessage({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  port.addEventListener('message', ({ data: message }) => {
    switch (message.kind) {
      case 'start':
        session = message.session;
        online = message.online;
        void start(message.userId);
        return;
      case 'session':
        session = message.session;
        for (const listener of [...sessionListeners]) listener(session);
        return;
      case 'refreshed':
        for (const resolve of refreshing.splice(0)) resolve();
        return;
      case 'online':
        if (online === message.online) return;
        online = message.online;
        for (const listener of [...onlineListeners]) listener(online);
        return;
      case 'focus':
        for (const listener of [...focusListeners]) listener();
        return;
      default:
        if (engine) toEngine(engine, message);
        else early.push(message);
    }
  });
}
