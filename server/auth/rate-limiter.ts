import type { RateLimitRule } from '../config.ts';

/**
 * Fixed-window counters in memory. Limits protect a developer machine from runaway loops and let tests
 * exercise 429 handling; they reset on restart, which is acceptable for a local backend.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  /** Counts one hit on `key`; returns false when the rule's budget for the current window is spent. */
  hit(key: string, rule: RateLimitRule, now = Date.now()): boolean {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size > 10_000) this.sweep(now);
      this.windows.set(key, { count: 1, resetAt: now + rule.windowSeconds * 1000 });
      return rule.max >= 1;
    }
    window.count += 1;
    return window.count <= rule.max;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
