import { cmp, type DBCoreCursor, type DBCoreTransaction } from 'dexie';

import type { IndexEntry } from './index-entries.ts';

/**
 * A DBCore cursor over entries already read and sorted (landed rows merged with their table's, see
 * landed-overlay.ts). It behaves as Dexie's own cursor does for its callers: `start` calls back at the
 * current entry and again after each `continue`/`advance`, and resolves when `stop` is called or the
 * entries run out. Callbacks run in a loop, not recursively, so a long iteration uses no stack.
 * Null when there is nothing to visit, as IndexedDB's openCursor answers.
 */
export function arrayCursor(
  trans: DBCoreTransaction,
  entries: readonly IndexEntry[],
  reverse: boolean,
  valueOf: ((entry: IndexEntry) => unknown) | undefined,
): DBCoreCursor | null {
  if (entries.length === 0) return null;
  let position = 0;
  // The value at `position`, kept while the cursor stays: its callers may read it more than once.
  let valueAt = -1;
  let value: unknown;
  let moved = false;
  let stopped = false;
  let running = false;
  let resume: (() => void) | undefined;
  let finish: (value: unknown) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  // Forward: is `a` at or after `b`? Backward: at or before.
  const reached = (a: number) => (reverse ? a <= 0 : a >= 0);

  const moveTo = (next: number) => {
    position = next;
    moved = true;
    // Moved later than from inside its callback (after an await): call back as IndexedDB would.
    if (!running && resume) queueMicrotask(resume);
  };
  const cursor: DBCoreCursor & { done: boolean } = {
    trans,
    done: false,
    get key() {
      return entries[position]?.key;
    },
    get primaryKey() {
      return entries[position]?.primaryKey;
    },
    get value() {
      const entry = entries[position];
      if (!valueOf || !entry) return undefined;
      if (valueAt !== position) {
        value = valueOf(entry);
        valueAt = position;
      }
      return value;
    },
    continue(key?: unknown) {
      let next = position + 1;
      if (key !== undefined) {
        while (next < entries.length && !reached(cmp(entries[next]?.key, key))) next += 1;
      }
      moveTo(next);
    },
    continuePrimaryKey(key: unknown, primaryKey: unknown) {
      let next = position + 1;
      const at = (entry: IndexEntry | undefined) => {
        const byKey = cmp(entry?.key, key);
        return byKey !== 0 ? reached(byKey) : reached(cmp(entry?.primaryKey, primaryKey));
      };
      while (next < entries.length && !at(entries[next])) next += 1;
      moveTo(next);
    },
    advance(count: number) {
      moveTo(position + count);
    },
    stop(value?: unknown) {
      stopped = true;
      finish(value);
    },
    fail(error: Error) {
      stopped = true;
      fail(error);
    },
    next() {
      let first = true;
      return this.start(() => {
        if (first) {
          first = false;
          this.continue();
        } else this.stop();
      }).then(() => this);
    },
    start(onNext: () => void) {
      const iteration = new Promise<unknown>((resolve, reject) => {
        finish = resolve;
        fail = reject;
      });
      stopped = false;
      // The entry the cursor stands on is visited first; each call moves on or stops. A callback that
      // does neither is called back when it does (continue/advance from moveTo).
      const visit = () => {
        running = true;
        while (!stopped) {
          if (position < 0 || position >= entries.length) {
            cursor.done = true;
            stopped = true;
            finish(undefined);
            break;
          }
          moved = false;
          try {
            onNext();
          } catch (error) {
            cursor.fail(error instanceof Error ? error : new Error(String(error)));
            break;
          }
          if (!moved) break;
        }
        running = false;
      };
      resume = () => {
        if (!stopped) visit();
      };
      visit();
      return iteration;
    },
  };
  return cursor;
}
