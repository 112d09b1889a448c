import Dexie, { type ObservabilitySet } from 'dexie';

import { isSyncedTable } from './entities/entity-tables.ts';
import { LANDED_STORE } from './landed/landed-chunk.ts';

/**
 * Calls `onChange` after each commit that wrote any of `tables` in `db`, whether made on this thread,
 * in another tab or in a worker of the origin (Dexie tells every context). Called once per commit:
 * unlike a Dexie live query, which a commit from another context runs twice (its mutation listener,
 * then the query cache's subscribers). Returns the function that stops watching.
 *
 * A synced table's rows include its landed rows (docs/adr/0113): a first sync's walk writes them to
 * the landed store alone, so a commit to that store counts as one to every synced table.
 */
export function watchTables(db: Dexie, tables: readonly string[], onChange: () => void): () => void {
  const watched = tables.some(isSyncedTable) ? [...tables, LANDED_STORE] : tables;
  const prefixes = watched.map((table) => `idb://${db.name}/${table}/`);
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
