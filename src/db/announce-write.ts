import { cmp, Dexie, RangeSet, type IndexableType, type ObservabilitySet } from 'dexie';

/**
 * Tells Dexie what a request issued on the native transaction changed (docs/adr/0112).
 *
 * Dexie learns what a readwrite transaction changed from its own DBCore middleware, which collects the
 * touched primary keys and index keys in the native transaction's `mutatedParts`. When the transaction
 * commits, Dexie fires `storagemutated` with them (live queries in this tab re-read, and other tabs hear
 * of it over a BroadcastChannel) and drops the cached live-query results they overlap. A request that
 * goes to the native object store directly passes none of that middleware; this adds the same parts,
 * so Dexie's commit handling treats it as its own.
 *
 * INVARIANT: the parts are those Dexie's observability middleware records for a put it has no cached
 * old value for: the primary key (also as a possible deletion, ':dels') and, for each index, the old and
 * the new key when they differ. The first test in `commands/native-change.test.ts` checks live queries
 * against this with the pinned Dexie, so an upgrade that renames `mutatedParts` fails a test instead
 * of leaving a stale screen.
 */
export function announceWrite(
  db: Dexie,
  transaction: IDBTransaction,
  table: string,
  key: IndexableType,
  before: object | undefined,
  after: object,
): void {
  const carrier = transaction as IDBTransaction & { mutatedParts?: ObservabilitySet };
  const parts = (carrier.mutatedParts ??= {});
  const rangeSet = (index: string): RangeSet => {
    const part = `idb://${db.name}/${table}/${index}`;
    const existing = parts[part];
    if (existing instanceof RangeSet) return existing;
    const merged = new RangeSet();
    if (existing) merged.add(existing);
    parts[part] = merged;
    return merged;
  };
  rangeSet('').addKey(key);
  rangeSet(':dels').addKey(key);
  for (const index of db.table(table).schema.indexes) {
    if (index.keyPath === undefined) continue;
    const oldKey: unknown = before ? Dexie.getByKeyPath(before, index.keyPath) : undefined;
    const newKey: unknown = Dexie.getByKeyPath(after, index.keyPath);
    if (sameKey(oldKey, newKey)) continue;
    for (const changed of [oldKey, newKey]) {
      if (changed == null) continue;
      if (index.multi && Array.isArray(changed)) rangeSet(index.name).addKeys(changed as IndexableType[]);
      else rangeSet(index.name).addKey(changed as IndexableType);
    }
  }
}

function sameKey(a: unknown, b: unknown): boolean {
  if (a == null || b == null) return a == b;
  return cmp(a, b) === 0;
}

/**
 * For a readwrite transaction opened through `db.core` rather than `db.transaction()`: has Dexie's cache
 * drop the cached live-query results the announced writes overlap when it commits, as it does for its
 * own transactions (it checks `_explicit`), and then fires `storagemutated` with them, as Dexie's own
 * commit handling does: live queries here re-read, and other tabs hear of it. Call it right after the
 * transaction is created, before any request.
 */
export function announceOnCommit(transaction: IDBTransaction): void {
  const carrier = transaction as IDBTransaction & { _explicit?: boolean; mutatedParts?: ObservabilitySet };
  carrier._explicit = true;
  transaction.addEventListener(
    'complete',
    () => {
      if (!carrier.mutatedParts) return;
      announcing = true;
      try {
        Dexie.on('storagemutated').fire(carrier.mutatedParts);
      } finally {
        announcing = false;
      }
    },
    { once: true },
  );
}

let announcing = false;

/** True while the `storagemutated` of a transaction opened through `db.core` (a save's own) is fired. */
export function announcingNativeWrite(): boolean {
  return announcing;
}
