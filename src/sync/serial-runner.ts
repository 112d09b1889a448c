import type { Clock } from '../db/ports.ts';
import type { Connectivity, LockPort, TimerHandle, Timers } from './ports.ts';

/**
 * Runs `work` one run at a time, under a Web Lock so one tab of the origin runs it (another tab's poke
 * is skipped while the lock is held): a poke during a run asks for one more run after it. A poke
 * resolves when the runs it caused have finished. Also runs when the connection returns, and at the
 * earliest of given times (retries after a backoff).
 */
export class SerialRunner {
  readonly #locks: LockPort;
  readonly #lockName: string;
  readonly #work: () => Promise<void>;
  readonly #timers: Timers;
  readonly #clock: Clock;
  #running: Promise<void> | null = null;
  #again = false;
  #timer: TimerHandle | null = null;
  #stopped = false;
  readonly #unsubscribe: () => void;

  constructor(
    ports: { locks: LockPort; timers: Timers; clock: Clock; connectivity: Connectivity },
    lockName: string,
    work: () => Promise<void>,
  ) {
    this.#locks = ports.locks;
    this.#lockName = lockName;
    this.#work = work;
    this.#timers = ports.timers;
    this.#clock = ports.clock;
    this.#unsubscribe = ports.connectivity.subscribe((online) => {
      if (online) void this.poke();
    });
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  poke(): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      try {
        do {
          this.#again = false;
          await this.#locks.request(this.#lockName, { ifAvailable: true }, async (lock) => {
            if (lock) await this.#work();
          });
        } while (this.#again && !this.#stopped);
      } finally {
        this.#running = null;
      }
    })();
    return this.#running;
  }

  /** Pokes at the earliest of `times` (ms since the epoch); none: no wake-up is pending. */
  wakeAt(times: readonly number[]): void {
    this.#clearTimer();
    if (this.#stopped || times.length === 0) return;
    const wait = Math.max(0, Math.min(...times) - this.#clock.now());
    this.#timer = this.#timers.setTimeout(() => {
      this.#timer = null;
      void this.poke();
    }, wait);
  }

  stop(): void {
    this.#stopped = true;
    this.#unsubscribe();
    this.#clearTimer();
  }

  #clearTimer(): void {
    if (this.#timer !== null) this.#timers.clearTimeout(this.#timer);
    this.#timer = null;
  }
}
