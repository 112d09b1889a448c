import type { MurmurDatabase } from '../../db/schema.ts';
import { workerWithFallback } from '../../lib/worker-with-fallback.ts';
import { NotesFilter, watchNoteChanges, type FilteredNoteIds } from './notes-filter.ts';
import type { NotesFilterReply, NotesFilterRequest } from './notes-filter-messages.ts';

export interface NotesFilterer {
  /** The ids of the live notes matching the words and tag ('' for any), in list order. */
  filter(query: string, tag: string): Promise<FilteredNoteIds>;
  /** Called whenever the notes change, so a filter on screen can be asked again. */
  onChanged(listener: () => void): void;
  close(): void;
}

/** The filter on this thread: where no Worker exists (unit tests), or after the worker failed. */
function localFilterer(db: MurmurDatabase): NotesFilterer {
  const notesFilter = new NotesFilter(db);
  let listener: () => void = () => undefined;
  const stop = watchNoteChanges(db, () => {
    notesFilter.invalidate();
    listener();
  });
  notesFilter.warm();
  return {
    filter: (query, tag) => notesFilter.filter(query, tag),
    onChanged: (next) => (listener = next),
    close: stop,
  };
}

// Vite bundles a worker only from this literal `new Worker(new URL(…, import.meta.url))`.
const startWorker =
  typeof Worker === 'undefined'
    ? null
    : () => new Worker(new URL('./notes-filter.worker.ts', import.meta.url), { type: 'module' });

/**
 * The notes list's search and tag filter, run in a worker that reads the database itself (docs/adr/0098);
 * on the main thread when no worker can be had, or once the worker has failed (its pending answers are
 * then given by the main thread, so a search never hangs).
 */
export function createNotesFilterer(db: MurmurDatabase): NotesFilterer {
  let listener: () => void = () => undefined;
  const client = workerWithFallback<NotesFilterRequest, NotesFilterReply, NotesFilterer, FilteredNoteIds>({
    failureMessage: 'The notes filter worker failed; filtering on the main thread instead',
    createWorker: startWorker,
    open: { type: 'open', userId: db.userId },
    createLocal: () => localFilterer(db),
    onReply(reply, answer) {
      if (reply.type === 'changed') listener();
      else if (reply.type === 'filtered') answer(reply.id, reply.result);
    },
    handOver: (local) => local.onChanged(listener),
  });
  return {
    filter: (query, tag) =>
      client.ask(
        (id) => ({ type: 'filter', id, query, tag }),
        (local) => local.filter(query, tag),
      ),
    onChanged(next) {
      listener = next;
      client.local?.onChanged(next);
    },
    close: () => client.close(),
  };
}
