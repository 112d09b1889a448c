import type { LockOptions, LockPort } from '../../sync/ports.ts';

/**
 * Web Locks for one browser profile (shared by its tabs): exclusive locks, `ifAvailable` and `steal`.
 * A stolen lock's old holder keeps running its callback, as in browsers (its request rejects there;
 * what matters for us is that its code may still finish, R29).
 */
export class FakeLocks implements LockPort {
  private readonly held = new Map<string, object>();
  private readonly waiters = new Map<string, (() => void)[]>();

  isHeld(name: string): boolean {
    return this.held.has(name);
  }

  async request<T>(
    name: string,
    options: LockOptions,
    callback: (lock: object | null) => Promise<T>,
  ): Promise<T> {
    if (this.held.has(name) && !options.steal) {
      if (options.ifAvailable) return callback(null);
      await new Promise<void>((resolve) =>
        this.waiters.set(name, [...(this.waiters.get(name) ?? []), resolve]),
      );
    }
    const lock = {};
    this.held.set(name, lock);
    try {
      return await callback(lock);
    } finally {
      if (this.held.get(name) === lock) {
        this.held.delete(name);
        const next = this.waiters.get(name)?.shift();
        next?.();
      }
    }
  }

  /** Test helper: a lock held by a tab that froze and never returns. */
  holdForever(name: string): void {
    this.held.set(name, {});
  }
}
