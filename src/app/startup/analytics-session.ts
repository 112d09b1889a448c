import { readLocal, storageKey, writeLocal } from '../../lib/local-store.ts';

/**
 * Counts sessions on this device (for the user's own insights, e.g. "opened 40 times this month").
 * Kept locally; there is no analytics endpoint unless a user opts in to one.
 */
const ANALYTICS_SESSION_KEY = storageKey('analytics-session');

export interface AnalyticsSession {
  count: number;
  firstAt: string;
  lastAt: string;
}

export function startAnalyticsSession(now: Date = new Date()): AnalyticsSession {
  const previous = parse(readLocal(ANALYTICS_SESSION_KEY));
  const at = now.toISOString();
  const next: AnalyticsSession = previous
    ? { count: previous.count + 1, firstAt: previous.firstAt, lastAt: at }
    : { count: 1, firstAt: at, lastAt: at };
  writeLocal(ANALYTICS_SESSION_KEY, JSON.stringify(next));
  return next;
}

function parse(raw: string | null): AnalyticsSession | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<AnalyticsSession>;
    return typeof value.count === 'number' && typeof value.firstAt === 'string'
      ? { count: value.count, firstAt: value.firstAt, lastAt: String(value.lastAt) }
      : null;
  } catch {
    return null;
  }
}
