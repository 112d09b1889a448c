import { openUserDatabase } from '../../db/open-user-database.ts';
import { JournalIndex } from './journal-index.ts';
import type { SearchReply, SearchRequest } from './journal-search-messages.ts';
import { watchJournal } from './watch-journal.ts';

/**
 * The search index lives here, off the main thread: this worker opens the user's database itself,
 * builds the index and keeps it current as entries change, so neither building nor querying it ever
 * holds up typing.
 */
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<SearchRequest>) => void) | null;
  postMessage: (message: SearchReply) => void;
};

const index = new JournalIndex();
let opened = false;

scope.onmessage = (event) => {
  const request = event.data;
  if (request.type === 'open') {
    if (opened) return;
    opened = true;
    openUserDatabase(request.userId).then(
      (db) =>
        watchJournal(
          db,
          (documents) => {
            index.sync(documents);
            scope.postMessage({ type: 'indexed', size: index.size });
          },
          (error) => scope.postMessage({ type: 'failed', message: String(error) }),
        ),
      (error: unknown) => scope.postMessage({ type: 'failed', message: String(error) }),
    );
    return;
  }
  scope.postMessage({ type: 'hits', id: request.id, hits: index.search(request.query) });
};
