import type { MurmurDatabase } from '../../db/schema.ts';
import type { EnginePorts } from '../../sync/ports.ts';
import { SyncEngine, type SyncEngineOptions } from '../../sync/sync-engine.ts';
import type { SyncTransport } from '../../sync/transport.ts';
import type { FocusSource } from './window-focus.ts';

/** A transport the app owns: `close()` ends its realtime channel (optional for test transports). */
type ClosableTransport = SyncTransport & { close?(): void };

export interface StartUserSyncOptions {
  /** The signed-in user's open database (ADR 0020); the engine syncs only while they are signed in. */
  db: MurmurDatabase;
  transport: ClosableTransport;
  /** Clock, ids, timers, randomness, connectivity, auth and locks: the real ones in the app. */
  ports: EnginePorts;
  focus: FocusSource;
  engine?: Partial<Omit<SyncEngineOptions, 'db' | 'transport' | 'ports'>>;
}

/**
 * What a tab's commands and screens use of its user's sync: the engine itself in the tab that runs it,
 * and one that asks that tab in every other (shareSync, ADR 0134).
 */
export type TabSync = Pick<SyncEngine, 'status' | 'syncNow' | 'notifyWriteStarting' | 'notifyLocalWrite'>;

export interface UserSync<Engine extends TabSync = TabSync> {
  engine: Engine;
  /** Stops the engine, its triggers and the transport. The database stays open (its owner closes it). */
  dispose(): void;
}

/**
 * Starts syncing one user's database: the engine, its focus and visibility triggers (connectivity,
 * session and realtime pokes come in through the ports; writes through the connection's commands, see
 * user-connection.ts) and one way to stop it all. One call per signed-in user: sign-out or another
 * account disposes it before anything else runs, and the engine itself refuses a session of another
 * user (R30).
 */
export function startUserSync(options: StartUserSyncOptions): UserSync<SyncEngine> {
  const { db, transport, ports, focus } = options;
  const engine = new SyncEngine({ db, transport, ports, ...options.engine });
  const stopFocus = focus.subscribe(() => engine.notifyFocus());
  // The status store starts at 'offline' until the first run has looked; on a device that is online
  // that would flash "Offline" (and announce it) at every start. The run that start() begins is a sync.
  engine.status.set({ state: ports.connectivity.isOnline() ? 'syncing' : 'offline' });
  engine.start();
  let disposed = false;
  return {
    engine,
    dispose() {
      if (disposed) return;
      disposed = true;
      stopFocus();
      engine.stop();
      transport.close?.();
    },
  };
}
