import type { MurmurDatabase } from '../../db/schema.ts';
import { workerWithFallback } from '../../lib/worker-with-fallback.ts';
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
  // A search waits for the journal's first reading rather than answer from an empty index: one handed
  // over from a failed worker would otherwise come back empty, and not be asked again if the entries
  // counted here are as many as the worker last said.
  let firstIndexed: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (firstIndexed = resolve));
  const stop = watchJournal(
    db,
    (documents) => {
      index.sync(documents);
      firstIndexed();
      listener(index.size);
    },
    (error) => {
      console.error('Indexing the journal failed', error);
      firstIndexed();
    },
  );
  return {
    search: (query) => ready.then(() => index.search(query)),
    onIndexed: (next) => (listener = next),
    close: stop,
  };
}

// Vite bundles a worker only from this literal `new Worker(new URL(…, import.meta.url))`.
const startWorker =
  typeof Worker === 'undefined'
    ? null
    : () => new Worker(new URL('./journal-search.worker.ts', import.meta.url), { type: 'module' });

/**
 * Search over the user's journal, indexed in a worker that reads the database itself; on the main thread
 * when no worker can be had, or once the worker has failed (searches it left open are asked there).
 * Tests hand in `createWorker`.
 */
export function createJournalSearcher(db: MurmurDatabase, createWorker = startWorker): JournalSearcher {
  let listener: (size: number) => void = () => undefined;
  const client = workerWithFallback<SearchRequest, SearchReply, JournalSearcher, JournalHit[]>({
    failureMessage: 'The search worker failed; searching on the main thread instead',
    createWorker,
    open: { type: 'open', userId: db.userId },
    createLocal: () => localSearcher(db),
    onReply(reply, answer) {
      if (reply.type === 'indexed') listener(reply.size);
      else if (reply.type === 'hits') answer(reply.id, reply.hits);
    },
    handOver: (local) => local.onIndexed(listener),
  });
  return {
    search: (query) =>
      client.ask(
        (id) => ({ type: 'query', id, query }),
        (local) => local.search(query),
      ),
    onIndexed(next) {
      listener = next;
      client.local?.onIndexed(next);
    },
    close: () => client.close(),
  };
}
