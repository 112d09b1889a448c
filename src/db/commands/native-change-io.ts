import { announceWrite } from '../announce-write.ts';
import type { Stored } from '../entities/common.ts';
import { storedForm } from '../note-list-index.ts';
import type { MurmurDatabase, SyncMetaRow } from '../schema.ts';
import type { ChangeIo } from './change-io.ts';

function answer<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.addEventListener('success', () => resolve(request.result), { once: true });
    request.addEventListener('error', () => reject(request.error ?? new Error('IndexedDB request failed')), {
      once: true,
    });
  });
}

/**
 * Straight on the native transaction behind a change's own Dexie transaction (docs/adr/0112): a note
 * typed into saves at every pause, and Dexie's tables and middleware around the five requests cost
 * about as much as the requests themselves. What the middleware would add is added here: the notes
 * list's derived keys (storedForm) and the record of what changed that live queries, Dexie's cache and
 * other tabs depend on (announceWrite). `clientId` is the database's, already known to this tab.
 */
export function nativeChangeIo(db: MurmurDatabase, transaction: IDBTransaction, clientId: string): ChangeIo {
  // Announced once the requests are sent (issued()): the record of what changed is read only when the
  // transaction completes, so working it out need not hold up the requests and the commit.
  let announce: (() => void) | undefined;
  return {
    read: async (table, id) => {
      const [existing, hlcRow] = await Promise.all([
        answer(
          transaction.objectStore(table).get(id) as IDBRequest<Stored<Record<string, unknown>> | undefined>,
        ),
        answer(transaction.objectStore('sync_meta').get('hlc') as IDBRequest<SyncMetaRow | undefined>),
      ]);
      return { existing, clientId, hlcState: typeof hlcRow?.value === 'string' ? hlcRow.value : '' };
    },
    write: (table, planned, before) => {
      const row = storedForm(table, planned.row);
      const hlcRow: SyncMetaRow = { key: 'hlc', value: planned.hlc };
      const written = Promise.all([
        answer(transaction.objectStore(table).put(row)),
        answer(transaction.objectStore('outbox').add(planned.outbox)).then((key) => {
          // The outbox key is the database's to choose; Dexie records it likewise once it is known.
          const seq = Number(key);
          announceWrite(db, transaction, 'outbox', seq, undefined, { ...planned.outbox, seq });
        }),
        answer(transaction.objectStore('sync_meta').put(hlcRow)),
      ]);
      announce = () => {
        announceWrite(db, transaction, table, String(row['id']), before && storedForm(table, before), row);
        announceWrite(db, transaction, 'sync_meta', hlcRow.key, undefined, hlcRow);
      };
      return written;
    },
    rewrite: (table, row) => answer(transaction.objectStore(table).put(storedForm(table, row))),
    writesConflicts: false,
    issued: () => {
      announce?.();
      announce = undefined;
    },
  };
}
