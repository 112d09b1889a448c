// liveQuery looks for a global indexedDB before it runs a query (Dexie issue 2046).
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { FakeWorker } from '../../testing/fake-worker.ts';
import { openTestJournal } from '../../testing/test-journal.ts';
import { createJournalSearcher } from './journal-searcher.ts';

const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

async function journalWithNotes(userId: string) {
  const { db, commands } = await openTestJournal(userId, 70);
  await commands.createNote({ title: 'Lisbon', body: 'a tram up the hill' });
  await commands.createNote({ title: 'Porto', body: 'the river at night' });
  closers.push(() => db.close());
  return db;
}

describe('journal searcher', () => {
  it('searches the journal on this thread where no Worker exists, and says how many entries it holds', async () => {
    const db = await journalWithNotes('u-searcher-local');
    const searcher = createJournalSearcher(db, null);
    closers.push(() => searcher.close());
    const sizes: number[] = [];
    searcher.onIndexed((size) => sizes.push(size));

    expect((await searcher.search('tram')).map((hit) => hit.title)).toEqual(['Lisbon']);
    await expect.poll(() => sizes).toEqual([2]);
  });

  it('answers a search left open by a failing worker from the journal on this thread', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const db = await journalWithNotes('u-searcher-failing');
    const worker = new FakeWorker();
    const searcher = createJournalSearcher(db, () => worker.asWorker());
    closers.push(() => searcher.close());
    const sizes: number[] = [];
    searcher.onIndexed((size) => sizes.push(size));

    const hits = searcher.search('river');
    expect(worker.posted).toEqual([
      { type: 'open', userId: 'u-searcher-failing' },
      { type: 'query', id: 1, query: 'river' },
    ]);
    worker.reply({ type: 'indexed', size: 2 });
    worker.reply({ type: 'failed', message: 'the database could not be opened' });

    expect((await hits).map((hit) => hit.title)).toEqual(['Porto']);
    expect(logged).toHaveBeenCalledWith(
      'The search worker failed; searching on the main thread instead',
      'the database could not be opened',
    );
    expect(worker.terminated).toBe(true);
    // The listener now hears the main thread's index.
    await expect.poll(() => sizes).toEqual([2, 2]);
  });
});
