import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createNotesFilterer, type NotesFilterer } from './notes-filterer.ts';
import { openTestNotesData } from '../../testing/notes-test-harness.tsx';

/** The filter where no worker exists (here), which is also the worker's own code: NotesFilter and its watch. */
describe('notes filterer', () => {
  let data: Awaited<ReturnType<typeof openTestNotesData>>;
  let filterer: NotesFilterer;

  beforeEach(async () => {
    data = await openTestNotesData();
  });
  afterEach(() => {
    filterer.close();
    data.db.close();
  });

  const titlesOf = async (ids: readonly string[]) =>
    (await data.db.notes.bulkGet([...ids])).map((note) => note?.title);

  it('answers with the matching notes in list order, by words and tag, with the live total', async () => {
    const { commands, clock } = data;
    await commands.createNote({ title: 'Lisbon walk', body: 'tram 28', tags: ['travel'] });
    clock.advance(1000);
    await commands.createNote({ title: 'Porto', body: 'a long walk by the river', tags: ['travel'] });
    clock.advance(1000);
    await commands.createNote({ title: 'Walking shoes', body: 'size 42', pinned: true });
    clock.advance(1000);
    const gone = await commands.createNote({ title: 'Walk in the rain' });
    await commands.deleteNote(gone);
    filterer = createNotesFilterer(data.db);

    const walk = await filterer.filter('walk', '');
    expect(await titlesOf(walk.ids)).toEqual(['Walking shoes', 'Porto', 'Lisbon walk']);
    expect(walk.total).toBe(3);
    expect(await titlesOf((await filterer.filter('walk', 'travel')).ids)).toEqual(['Porto', 'Lisbon walk']);
    expect(await titlesOf((await filterer.filter('', 'travel')).ids)).toEqual(['Porto', 'Lisbon walk']);
    expect((await filterer.filter('tokyo', '')).ids).toEqual([]);
  });

  it('never matches a locked note by its body, only by its title and tags', async () => {
    await data.commands.createNote({
      title: 'Plans',
      body: 'the hidden treasure',
      tags: ['secret'],
      locked: true,
    });
    filterer = createNotesFilterer(data.db);
    expect((await filterer.filter('treasure', '')).ids).toEqual([]);
    expect((await filterer.filter('plans', '')).ids).toHaveLength(1);
    expect((await filterer.filter('secret', '')).ids).toHaveLength(1);
  });

  it('says when the notes change, and answers from the changed notes', async () => {
    const { commands, clock } = data;
    const first = await commands.createNote({ title: 'Market list', body: 'figs' });
    filterer = createNotesFilterer(data.db);
    expect(await titlesOf((await filterer.filter('figs', '')).ids)).toEqual(['Market list']);

    let changes = 0;
    filterer.onChanged(() => (changes += 1));
    clock.advance(1000);
    await commands.createNote({ title: 'Figs and honey' });
    await expect.poll(() => changes).toBeGreaterThan(0);
    expect(await titlesOf((await filterer.filter('figs', '')).ids)).toEqual([
      'Figs and honey',
      'Market list',
    ]);

    const seen = changes;
    await commands.deleteNote(first);
    await expect.poll(() => changes).toBeGreaterThan(seen);
    expect(await titlesOf((await filterer.filter('figs', '')).ids)).toEqual(['Figs and honey']);
  });
});
