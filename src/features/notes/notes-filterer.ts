import type { MurmurDatabase } from '../../db/schema.ts';
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

/**
 * The notes list's search and tag filter, run in a worker that reads the database itself (docs/adr/0098);
 * on the main thread when no worker can be had, or once the worker has failed (its pending answers are
 * then given by the main thread, so a search never hangs).
 */
export function createNotesFilterer(db: MurmurDatabase): NotesFilterer {
  if (typeof Worker === 'undefined') return localFilterer(db);
  const worker = new Worker(new URL('./notes-filter.worker.ts', import.meta.url), { type: 'module' });
  const pending = new Map<
    number,
    { query: string; tag: string; resolve: (ids: FilteredNoteIds) => void; reject: (error: unknown) => void }
  >();
  let nextId = 1;
  let listener: () => void = () => undefined;
  let fallback: NotesFilterer | null = null;
  const fail = (message: string) => {
    console.error('The notes filter worker failed; filtering on the main thread instead', message);
    worker.terminate();
    fallback ??= localFilterer(db);
    fallback.onChanged(listener);
    for (const [id, { query, tag, resolve, reject }] of pending) {
      pending.delete(id);
      void fallback.filter(query, tag).then(resolve, reject);
    }
  };
  worker.onmessage = (event: MessageEvent<NotesFilterReply>) => {
    const reply = event.data;
    if (reply.type === 'changed') listener();
    else if (reply.type === 'failed') fail(reply.message);
    else {
      pending.get(reply.id)?.resolve(reply.result);
      pending.delete(reply.id);
    }
  };
  // A script that cannot load (offline before its first use) fires a plain Event, with no message.
  worker.onerror = (event) => fail(event.message || 'its script could not be loaded');
  const open: NotesFilterRequest = { type: 'open', userId: db.userId };
  worker.postMessage(open);
  return {
    filter(query, tag) {
      if (fallback) return fallback.filter(query, tag);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { query, tag, resolve, reject });
        const request: NotesFilterRequest = { type: 'filter', id, query, tag };
        worker.postMessage(request);
      });
    },
    onChanged(next) {
      listener = next;
      fallback?.onChanged(next);
    },
    close() {
      worker.terminate();
      fallback?.close();
      pending.clear();
    },
  };
}
