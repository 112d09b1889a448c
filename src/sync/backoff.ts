import type { Random } from './ports.ts';

/**
 * Retry delay after `attempt` consecutive failures (R18): exponential from baseMs, capped at maxMs,
 * with "equal jitter" (half fixed, half random) so many devices do not retry in step.
 */
export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
}

export const defaultBackoff: BackoffPolicy = { baseMs: 2_000, maxMs: 60_000 };

export function backoffDelay(
  attempt: number,
  random: Random,
  policy: BackoffPolicy = defaultBackoff,
): number {
  const exp = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp / 2 + random() * (exp / 2));
}
