import Dexie, { type ObservabilitySet } from 'dexie';

/**
 * Calls `onChange` after each commit that wrote any of `tables` in `db`, whether made on this thread,
 * in another tab or in a worker of the origin (Dexie tells every context). Called once per commit:
 * unlike a Dexie live query, which a commit from another context runs twice (its mutation listener,
 * then the query cache's subscribers). Returns the function that stops watching.
 */
export function watchTables(db: Dexie, tables: readonly string[], onChange: () => void): () => void {
  const prefixes = tables.map((table) => `idb://${db.name}/${table}/`);
  const listener = (parts: ObservabilitySet) => {
    // `all` is Dexie's "anything may have changed" (a page restored from the back-forward cache).
    if (
      'all' in parts ||
      Object.keys(parts).some((part) => prefixes.some((prefix) => part.startsWith(prefix)))
    )
      onChange();
  };
  Dexie.on('storagemutated', listener);
  return () => Dexie.on.storagemutated.unsubscribe(listener);
}
