import { openUserDatabase } from '../../db/open-user-database.ts';
import { NotesFilter, watchNoteChanges } from './notes-filter.ts';
import type { NotesFilterReply, NotesFilterRequest } from './notes-filter-messages.ts';

/**
 * The notes list's search and tag filter, off the main thread: this worker opens the user's database
 * itself and holds every live note in list order, so the page neither reads ten thousand notes nor
 * folds their text when someone starts typing (docs/adr/0098).
 */
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<NotesFilterRequest>) => void) | null;
  postMessage: (message: NotesFilterReply) => void;
};

let notesFilter: Promise<NotesFilter> | null = null;

const fail = (error: unknown) => scope.postMessage({ type: 'failed', message: String(error) });

scope.onmessage = (event) => {
  const request = event.data;
  if (request.type === 'open') {
    notesFilter ??= openUserDatabase(request.userId).then((db) => {
      const opened = new NotesFilter(db);
      watchNoteChanges(db, () => {
        opened.invalidate();
        scope.postMessage({ type: 'changed' });
      });
      opened.warm();
      return opened;
    });
    notesFilter.catch(fail);
    return;
  }
  if (!notesFilter) return fail('the notes filter was asked before it was opened');
  notesFilter
    .then((opened) => opened.filter(request.query, request.tag))
    .then((result) => scope.postMessage({ type: 'filtered', id: request.id, result }), fail);
};
