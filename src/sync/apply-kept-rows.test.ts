import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';

import { openUserDatabase } from '../db/open-user-database.ts';
import type { MurmurDatabase, SealedRow } from '../db/schema.ts';
import { getCursor, setMeta } from '../db/sync-meta.ts';
import { settle, type TestTab } from '../testing/sync/test-device.ts';
import { createTestWorld, TEST_USER } from '../testing/sync/test-world.ts';
import { applyKeptRows } from './apply-kept-rows.ts';
import { applyPullPage } from './apply-pull-page.ts';
import { isEncryptedValue } from './crypto/encrypted-value.ts';
import { encryptField } from './crypto/encrypt-field.ts';
import { generateDataKey } from './crypto/generate-data-key.ts';
import { journalCipher } from './crypto/journal-cipher.ts';
import { JournalDecryptionError } from './crypto/crypto-errors.ts';
import { pullRequestSchema } from './protocol.ts';
import { resetLocal } from './reset-local.ts';

/** Web Crypto answers on the platform's own threads, many macrotasks later on a loaded machine. */
const settleSealed = (tabs: readonly TestTab[]) => settle(tabs, 200_000);

const keyed = (key: CryptoKey) => () => Promise.resolve(key);

/** Whether any stored row of the entity tables holds a sealed value: what a screen would show. */
async function sealedOnScreen(db: MurmurDatabase): Promise<boolean> {
  const rows = await Promise.all([
    db.notes.toArray(),
    db.diary_entries.toArray(),
    db.mood_entries.toArray(),
    db.recordings.toArray(),
    db.conflicts.toArray(),
  ]);
  return JSON.stringify(rows).includes('mx1.');
}

const NOTE = '0000cccc-0000-7000-8000-00000000000a';
const stamp = (ms: number) => `${String(ms).padStart(15, '0')}-000000-0123456789abcdef0123456789abcdef`;

function noteData(title: string) {
  return {
    id: NOTE,
    title,
    body: '',
    tags: [],
    font: 'sans',
    color: '#ffffff',
    font_size: 16,
    pinned: false,
    locked: false,
    created_at: '2026-12-01T08:00:00.000Z',
    deleted_at: null,
  };
}

async function sealedNote(key: CryptoKey, version: number, title: string, ms: number): Promise<SealedRow> {
  const data = {
    ...noteData(title),
    title: await encryptField(key, { table: 'notes', id: NOTE, field: 'title' }, title),
  };
  return {
    table: 'notes',
    id: NOTE,
    version,
    data,
    hlc: Object.fromEntries(Object.keys(data).map((field) => [field, stamp(ms)])),
  };
}

function openDb(): Promise<MurmurDatabase> {
  return openUserDatabase(TEST_USER, { indexedDB: new IDBFactory(), IDBKeyRange });
}

describe('a device without the key keeps syncing ciphertext (R47, ADR 0155)', () => {
  it('[R47][R13][R14][R45] a locked device applies the clear rows of a mixed page, keeps the sealed ones off every screen, syncs on, and once unlocked applies them from the store with its pending edit rebased, without pulling from 0', async () => {
    const key = await generateDataKey();
    const world = createTestWorld();
    let held: CryptoKey | null = null;
    const a = await world.tab(world.device(), { journalKey: () => Promise.resolve(held) });
    a.engine.start();
    // Written before the journal was encrypted: clear on the server, as R45 leaves it.
    const clear = await a.commands.createNote({ title: 'Heron at the weir', body: 'before' });
    a.engine.notifyLocalWrite();
    await settleSealed([a]);
    world.server.setJournalEncrypted(TEST_USER);
    held = key;
    const sealed = await a.commands.createNote({ title: 'Marmalade', body: 'sealed words' });
    a.engine.notifyLocalWrite();
    await settleSealed([a]);

    let unlocked: CryptoKey | null = null;
    const b = await world.tab(world.device(), { journalKey: () => Promise.resolve(unlocked) });
    const cursors: number[] = [];
    const pull = b.transport.pull.bind(b.transport);
    b.transport.pull = (request, session) => {
      cursors.push(pullRequestSchema.parse(request).cursor);
      return pull(request, session);
    };
    b.engine.start();
    await settleSealed([a, b]);
    // One page held both: the clear note is applied, the sealed one kept, the cursor at the clock.
    expect(await b.db.notes.get(clear)).toMatchObject({ title: 'Heron at the weir', body: 'before' });
    expect(await b.db.notes.get(sealed)).toBeUndefined();
    expect(await b.db.sealed_rows.count()).toBe(1);
    expect(await sealedOnScreen(b.db)).toBe(false);
    expect(await getCursor(b.db)).toBe(world.server.clock(TEST_USER));
    expect(b.engine.status.get()).toMatchObject({ state: 'up_to_date', error: null, locked: true });

    // Locked, B edits the clear note's title: the server refuses the clear push (R45), the outbox keeps
    // it, and sync is not stopped.
    world.timers.advance(1000);
    await b.commands.updateNote(clear, { title: 'Heron, edited on B' });
    b.engine.notifyLocalWrite();
    await settleSealed([a, b]);
    expect(await b.db.outbox.count()).toBe(1);
    expect(b.engine.status.get()).toMatchObject({ error: null, locked: true, pending: 1 });

    // A edits the clear note's body, sealed: B keeps the newer row too (a poke or a pull), and goes on
    // pulling what is clear (A's settings hold no words).
    world.timers.advance(1000);
    await a.commands.updateNote(clear, { body: 'after, sealed' });
    await a.commands.updateSettings({ auto_save: false });
    a.engine.notifyLocalWrite();
    await settleSealed([a, b]);
    b.engine.notifyFocus();
    await settleSealed([a, b]);
    await vi.waitFor(async () =>
      expect(await b.db.user_settings.get(TEST_USER)).toMatchObject({ auto_save: false }),
    );
    expect(await b.db.sealed_rows.count()).toBe(2);
    expect(await b.db.notes.get(clear)).toMatchObject({ title: 'Heron, edited on B', body: 'before' });
    expect(await sealedOnScreen(b.db)).toBe(false);
    const cursorWhenLocked = await getCursor(b.db);
    expect(cursorWhenLocked).toBe(world.server.clock(TEST_USER));

    // Unlocked: the kept rows open from the store; B's pending title is newer than the server's and
    // stays (R14), A's body comes in; the outbox then leaves sealed.
    cursors.length = 0;
    unlocked = key;
    b.engine.notifyLocalWrite();
    await settleSealed([a, b]);
    expect(await b.db.sealed_rows.count()).toBe(0);
    expect(await b.db.notes.get(sealed)).toMatchObject({ title: 'Marmalade', body: 'sealed words' });
    expect(cursors.every((cursor) => cursor >= cursorWhenLocked)).toBe(true);
    expect(await b.db.outbox.count()).toBe(0);
    expect(b.engine.status.get()).toMatchObject({ error: null, locked: false });
    a.engine.notifyFocus();
    await settleSealed([a, b]);
    for (const tab of [a, b])
      await vi.waitFor(async () =>
        expect(await tab.db.notes.get(clear)).toMatchObject({
          title: 'Heron, edited on B',
          body: 'after, sealed',
        }),
      );
    const onServer = world.server.rows(TEST_USER).find((row) => row.id === clear);
    expect(isEncryptedValue(onServer?.data['title'])).toBe(true);
  });

  it('[R47][R13] a kept row not newer than the local row does not win, and goes', async () => {
    const key = await generateDataKey();
    const db = await openDb();
    await db.notes.put({
      ...noteData('newer, here'),
      _sync: { version: 7, hlc: { title: stamp(7000) } },
    } as never);
    await db.sealed_rows.put(await sealedNote(key, 5, 'older, kept', 5000));
    expect(await applyKeptRows(db, journalCipher(key))).toBe(true);
    expect(await db.notes.get(NOTE)).toMatchObject({ title: 'newer, here', _sync: { version: 7 } });
    expect(await db.sealed_rows.count()).toBe(0);
    db.close();
  });

  it('[R47] one kept row per entity: a newer one replaces an older one, never the reverse; a clear row as new removes it', async () => {
    const key = await generateDataKey();
    const db = await openDb();
    const row = (sealed: SealedRow) => ({ ...sealed });
    await applyPullPage(db, [], 4, undefined, { keep: [row(await sealedNote(key, 4, 'four', 4000))] });
    await applyPullPage(db, [], 6, undefined, { keep: [row(await sealedNote(key, 6, 'six', 6000))] });
    await applyPullPage(db, [], 6, undefined, { keep: [row(await sealedNote(key, 5, 'five', 5000))] });
    expect((await db.sealed_rows.get(['notes', NOTE]))?.version).toBe(6);
    expect(await db.notes.count()).toBe(0);
    const clearRow = {
      table: 'notes',
      id: NOTE,
      version: 8,
      data: noteData('clear again'),
      hlc: { title: stamp(8000) },
    };
    await applyPullPage(db, [clearRow], 8, undefined);
    expect(await db.sealed_rows.count()).toBe(0);
    expect(await db.notes.get(NOTE)).toMatchObject({ title: 'clear again' });
    db.close();
  });

  it('[R47][R14a] kept rows wait while a push of ours is acknowledged after the last pull to the clock', async () => {
    const key = await generateDataKey();
    const db = await openDb();
    await db.sealed_rows.put(await sealedNote(key, 5, 'kept', 5000));
    await setMeta(db, 'acked_seq', 4);
    await setMeta(db, 'pulled_seq', 3);
    expect(await applyKeptRows(db, journalCipher(key))).toBe(false);
    expect(await db.notes.count()).toBe(0);
    expect(await db.sealed_rows.count()).toBe(1);
    // A pull reached the clock after that push: the kept row may now be applied.
    await setMeta(db, 'pulled_seq', 4);
    expect(await applyKeptRows(db, journalCipher(key))).toBe(true);
    expect(await db.notes.get(NOTE)).toMatchObject({ title: 'kept', _sync: { version: 5 } });
    db.close();
  });

  it('[R47] a kept row that does not open with the key is a decryption error, and nothing is overwritten', async () => {
    const db = await openDb();
    await db.notes.put({ ...noteData('here'), _sync: { version: 2, hlc: { title: stamp(2000) } } } as never);
    await db.sealed_rows.put(await sealedNote(await generateDataKey(), 5, 'other key', 5000));
    await expect(applyKeptRows(db, journalCipher(await generateDataKey()))).rejects.toBeInstanceOf(
      JournalDecryptionError,
    );
    expect(await db.notes.get(NOTE)).toMatchObject({ title: 'here', _sync: { version: 2 } });
    expect(await db.sealed_rows.count()).toBe(1);
    db.close();
  });

  it('[R47][R28] a digest waits while rows are kept: the tables lack them, and no reset follows', async () => {
    const key = await generateDataKey();
    const db = await openDb();
    await db.sealed_rows.put(await sealedNote(key, 5, 'kept', 5000));
    const result = await applyPullPage(db, [], 5, { notes: { count: 1, hash: 1 } });
    expect(result.digestMismatch).toEqual([]);
    await db.sealed_rows.clear();
    expect((await applyPullPage(db, [], 5, { notes: { count: 1, hash: 1 } })).digestMismatch).toEqual([
      'notes',
    ]);
    db.close();
  });

  it('[R47][R26] a reset forgets the kept rows with the rest: the pull from 0 brings them again', async () => {
    const key = await generateDataKey();
    const world = createTestWorld();
    world.server.setJournalEncrypted(TEST_USER);
    const a = await world.tab(world.device(), { journalKey: keyed(key) });
    a.engine.start();
    await a.commands.createNote({ title: 'Marmalade' });
    a.engine.notifyLocalWrite();
    await settleSealed([a]);
    const b = await world.tab(world.device());
    b.engine.start();
    await settleSealed([a, b]);
    expect(await b.db.sealed_rows.count()).toBe(1);
    await resetLocal(b.db);
    expect(await b.db.sealed_rows.count()).toBe(0);
    b.engine.notifyFocus();
    await settleSealed([a, b]);
    expect(await b.db.sealed_rows.count()).toBe(1);
  });
});
