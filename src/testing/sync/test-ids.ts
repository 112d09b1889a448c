import type { IdSource } from '../../db/ports.ts';

/** Deterministic UUID-shaped ids: `prefix` (0–65535) keeps sources of different devices apart. */
export function createTestIds(prefix: number): IdSource {
  let counter = 0;
  const head = prefix.toString(16).padStart(4, '0');
  return {
    next: () => `${head}0000-0000-7000-8000-${(++counter).toString(16).padStart(12, '0')}`,
  };
}
