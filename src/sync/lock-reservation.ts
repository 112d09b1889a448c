import type { LockPort, TimerHandle, Timers } from './ports.ts';

/**
 * A sync job's Web Lock asked for before its work is ready (R29). A command about to write reserves
 * the push lock, so the push that follows its commit finds the lock held instead of asking then: asked
 * while the page renders what the save changed, a grant comes tens of milliseconds late; asked at the
 * click, in a few.
 *
 * Like every sync lock it is asked for with `ifAvailable`: a tab never queues behind another. Invariant:
 * a reservation holds the lock at most `holdMs` before its work claims it (a write that failed, or a
 * push that went another way, keeps other tabs out that long at most), and until `end()` after that.
 */
export class LockReservation {
  private state: 'asking' | 'held' | 'claimed' | 'ended' = 'asking';
  private readonly granted: Promise<boolean>;
  private letGo: () => void = () => undefined;
  private timer: TimerHandle | null = null;
  private readonly timers: Timers;

  constructor(locks: LockPort, name: string, timers: Timers, holdMs: number) {
    this.timers = timers;
    let answer: (held: boolean) => void = () => undefined;
    this.granted = new Promise((resolve) => (answer = resolve));
    locks
      .request(name, { ifAvailable: true }, (lock) => {
        if (!lock || this.state === 'ended') {
          this.state = 'ended';
          answer(false);
          return Promise.resolve();
        }
        this.state = 'held';
        const held = new Promise<void>((resolve) => (this.letGo = resolve));
        this.timer = timers.setTimeout(() => this.end(), holdMs);
        answer(true);
        return held;
      })
      .catch((error: unknown) => {
        // Another tab stole the lock (only from a tab frozen past its lease): its work runs there, and
        // the push here asks for the lock again as it would have without a reservation.
        this.end();
        answer(false);
        console.warn('Murmur lost a reserved sync lock', error);
      });
  }

  /** Still asking for the lock or holding it for its work: false once claimed, refused, expired or lost. */
  get active(): boolean {
    return this.state === 'asking' || this.state === 'held';
  }

  /**
   * Takes the reserved lock for the work about to run, waiting for its grant if it is still on its
   * way. False when it was not granted (another tab holds it), its hold ran out, or it was taken
   * already. After true, the work's end calls `end()`.
   */
  async claim(): Promise<boolean> {
    if (this.state !== 'asking' && this.state !== 'held') return false;
    if (!(await this.granted) || this.state !== 'held') return false;
    this.state = 'claimed';
    this.clearTimer();
    return true;
  }

  /** Lets the lock go, or stops waiting for it; safe to call more than once. */
  end(): void {
    this.state = 'ended';
    this.clearTimer();
    this.letGo();
  }

  private clearTimer(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }
}
