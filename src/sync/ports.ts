import type { Clock, IdSource } from '../db/ports.ts';
import type { SyncSession } from './transport.ts';

/** Everything the engine touches outside itself, injected (R1). Real ones: real-ports.ts. */
export type TimerHandle = number | object;
export interface Timers {
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/** A number in [0, 1). */
export type Random = () => number;

export interface Connectivity {
  isOnline(): boolean;
  /** Called with true when the device comes back online, false when it goes offline. */
  subscribe(listener: (online: boolean) => void): () => void;
}

/**
 * The signed-in session (R32, R33). `current()` is null when signed out or the session expired;
 * `refresh()` asks the auth layer to refresh (single-flight there); `subscribe` reports new sessions.
 */
export interface AuthPort {
  current(): SyncSession | null;
  refresh(): Promise<void>;
  subscribe(listener: (session: SyncSession | null) => void): () => void;
}

/** The subset of the Web Locks API the engine uses (R29). */
export interface LockOptions {
  ifAvailable?: boolean;
  steal?: boolean;
}
export interface LockPort {
  request<T>(name: string, options: LockOptions, callback: (lock: object | null) => Promise<T>): Promise<T>;
}

export interface EnginePorts {
  clock: Clock;
  ids: IdSource;
  timers: Timers;
  random: Random;
  connectivity: Connectivity;
  auth: AuthPort;
  locks: LockPort;
}
