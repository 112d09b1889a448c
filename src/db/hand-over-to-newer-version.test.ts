import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createTestIds } from '../testing/sync/test-ids.ts';
import { createCommands } from './commands/create-commands.ts';
import { handOverToNewerVersion } from './hand-over-to-newer-version.ts';
import { MurmurDatabase, schemaVersions } from './schema.ts';

const NAME = 'murmur-user-handover';
const clock = { now: () => Date.UTC(2026, 10, 26, 9, 0, 0), timeZone: () => 'Europe/Berlin' };

/** This tab's Murmur (one schema version behind) and the newer one another tab starts. */
async function twoVersions() {
  const indexedDB = new IDBFactory();
  const older = new MurmurDatabase(NAME, 'u', { indexedDB, IDBKeyRange }, schemaVersions.slice(0, -1));
  await older.open();
  const commands = createCommands(older, { clock, ids: createTestIds(3) });
  const openNewer = async () => {
    const newer = new MurmurDatabase(NAME, 'u', { indexedDB, IDBKeyRange });
    await newer.open();
    return newer;
  };
  return { indexedDB, older, commands, openNewer };
}

describe('handing the database over to a newer version in another tab', () => {
  const opened: MurmurDatabase[] = [];
  afterEach(() => {
    opened.splice(0).forEach((db) => db.close());
    vi.restoreAllMocks();
  });

  it('writes the drafts first, then closes, so the newer version opens with them', async () => {
    const { older, commands, openNewer } = await twoVersions();
    opened.push(older);
    const noteId = await commands.createNote({ title: 'Train', body: '' });
    const handedOver = vi.fn();
    handOverToNewerVersion(older, {
      // The editor's unsaved words, written when the newer version asks for the database.
      saveDrafts: async () => {
        await commands.updateNote(noteId, { body: 'typed just before the update' });
      },
      maxWaitMs: 3_000,
      setTimer: () => undefined,
      onHandedOver: handedOver,
    });

    const newer = await openNewer();
    opened.push(newer);

    expect(newer.verno).toBe(schemaVersions.length);
    expect((await newer.notes.get(noteId))?.body).toBe('typed just before the update');
    expect(await newer.outbox.where('[table+entity_id]').equals(['notes', noteId]).count()).toBe(2);
    expect(older.isOpen()).toBe(false);
    expect(handedOver).toHaveBeenCalledTimes(1);
    // The older code never writes into the newer database (Dexie's default would reopen it).
    await expect(commands.updateNote(noteId, { title: 'too late' })).rejects.toThrow();
    expect((await newer.notes.get(noteId))?.title).toBe('Train');
  });

  it('lets the newer version go on after the longest wait when saving never ends', async () => {
    const { older, openNewer } = await twoVersions();
    opened.push(older);
    let giveUp: (() => void) | undefined;
    const handedOver = vi.fn();
    handOverToNewerVersion(older, {
      saveDrafts: () => new Promise<void>(() => undefined),
      maxWaitMs: 3_000,
      setTimer: (run, ms) => {
        expect(ms).toBe(3_000);
        giveUp = run;
      },
      onHandedOver: handedOver,
    });

    const newer = openNewer();
    await vi.waitFor(() => expect(giveUp).toBeDefined());
    expect(older.isOpen()).toBe(true);
    expect(handedOver).not.toHaveBeenCalled();
    giveUp?.();
    opened.push(await newer);
    expect(older.isOpen()).toBe(false);
    expect(handedOver).toHaveBeenCalledTimes(1);
  });

  it('still hands over when saving a draft fails, and says why', async () => {
    const { older, openNewer } = await twoVersions();
    opened.push(older);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const handedOver = vi.fn();
    handOverToNewerVersion(older, {
      saveDrafts: () => Promise.reject(new Error('disk full')),
      maxWaitMs: 3_000,
      setTimer: () => undefined,
      onHandedOver: handedOver,
    });

    opened.push(await openNewer());
    expect(handedOver).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith(
      'Murmur could not save every draft before a newer version took over',
      expect.any(Error),
    );
  });

  it('closes at once, saving nothing, when the database is being deleted', async () => {
    const { indexedDB, older } = await twoVersions();
    const saveDrafts = vi.fn(() => Promise.resolve());
    const handedOver = vi.fn();
    handOverToNewerVersion(older, {
      saveDrafts,
      maxWaitMs: 3_000,
      setTimer: () => undefined,
      onHandedOver: handedOver,
    });

    // Another tab removes the data: its request waits until every open connection has closed.
    await new Promise((resolve, reject) => {
      const request = indexedDB.deleteDatabase(NAME);
      request.onsuccess = resolve;
      request.onerror = () => reject(request.error);
    });

    expect(older.isOpen()).toBe(false);
    expect(saveDrafts).not.toHaveBeenCalled();
    expect(handedOver).not.toHaveBeenCalled();
  });
});
