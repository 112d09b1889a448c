import type { MurmurDatabase } from '../../db/schema.ts';
import { JournalIndex, type JournalHit } from './journal-index.ts';
import type { SearchReply, SearchRequest } from './journal-search-messages.ts';
import { watchJournal } from './watch-journal.ts';

export interface JournalSearcher {
  search(query: string): Promise<JournalHit[]>;
  /** Called with the number of indexed entries whenever the index changes. */
  onIndexed(listener: (size: number) => void): void;
  close(): void;
}

/** The index on this thread: where no Worker exists (unit tests), or after the worker failed. */
function localSearcher(db: MurmurDatabase): JournalSearcher {
  const index = new JournalIndex();
  let listener: (size: number) => void = () => undefined;
  const stop = watchJournal(
    db,
    (documents) => {
      index.sync(documents);
      listener(index.size);
    },
    (error) => console.error('Indexing the journal failed', error),
  );
  return {
    search: (query) => Promise.resolve(index.search(query)),
    onIndexed: (next) => (listener = next),
    close: stop,
  };
}

/** Search over the user's journal, indexed in a worker that reads the database itself. */
export function createJournalSearcher(db: MurmurDatabase): JournalSearcher {
  if (typeof Worker === 'undefined') return localSearcher(db);
  const worker = new Worker(new URL('./journal-search.worker.ts', import.meta.url), { type: 'module' });
  const pending = new Map<number, (hits: JournalHit[]) => void>();
  let nextId = 1;
  let listener: (size: number) => void = () => undefined;
  let fallback: JournalSearcher | null = null;
  const fail = (message: string) => {
    console.error('The search worker failed; searching on the main thread instead', message);
    worker.terminate();
    fallback ??= localSearcher(db);
    fallback.onIndexed(listener);
    for (const [id, resolve] of pending) {
      pending.delete(id);
      resolve([]);
    }
  };
  worker.onmessage = (event: MessageEvent<SearchReply>) => {
    const reply = event.data;
    if (reply.type === 'indexed') listener(reply.size);
    else if (reply.type === 'failed') fail(reply.message);
    else {
      pending.get(reply.id)?.(reply.hits);
      pending.delete(reply.id);
    }
  };
  // A script that cannot load (offline before its first use) fires a plain Event, with no message.
  worker.onerror = (event) => fail(event.message || 'its script could not be loaded');
  const open: SearchRequest = { type: 'open', userId: db.userId };
  worker.postMessage(open);
  return {
    search(query) {
      if (fallback) return fallback.search(query);
      const id = nextId++;
      return new Promise((resolve) => {
        pending.set(id, resolve);
        const request: SearchRequest = { type: 'query', id, query };
        worker.postMessage(request);
      });
    },
    onIndexed(next) {
      listener = next;
      fallback?.onIndexed(next);
    },
    close() {
      worker.terminate();
      fallback?.close();
      pending.clear();
    },
  };
}
