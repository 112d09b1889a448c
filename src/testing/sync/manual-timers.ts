import type { TimerHandle, Timers } from '../../sync/ports.ts';

/** Virtual time: timers fire only when the test advances the clock. */
export class ManualTimers implements Timers {
  private current: number;
  private nextId = 1;
  private readonly pending = new Map<number, { at: number; callback: () => void }>();

  constructor(start = Date.UTC(2026, 10, 22, 8, 0, 0)) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  setTimeout(callback: () => void, ms: number): TimerHandle {
    const id = this.nextId++;
    this.pending.set(id, { at: this.current + Math.max(0, ms), callback });
    return id;
  }

  clearTimeout(handle: TimerHandle): void {
    this.pending.delete(handle as number);
  }

  /** Timers that would fire within `ms`. */
  dueWithin(ms: number): number {
    return [...this.pending.values()].filter((t) => t.at <= this.current + ms).length;
  }

  /** Moves time forward by `ms`, firing due timers in order. */
  advance(ms: number): void {
    const end = this.current + ms;
    for (;;) {
      const due = [...this.pending.entries()]
        .filter(([, t]) => t.at <= end)
        .sort((a, b) => a[1].at - b[1].at || a[0] - b[0]);
      const first = due[0];
      if (!first) break;
      this.pending.delete(first[0]);
      this.current = Math.max(this.current, first[1].at);
      first[1].callback();
    }
    this.current = end;
  }
}
