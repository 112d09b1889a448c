import { describe, expect, it } from 'vitest';

import { settleLanded } from '../db/landed/settle-landed.ts';
import { NOTE_ORDER_INDEX } from '../db/note-list-index.ts';
import { getClientId, knownClientId } from '../db/sync-meta.ts';
import type { MurmurDatabase } from '../db/schema.ts';
import { settle, type TestTab } from '../testing/sync/test-device.ts';
import { createTestWorld, TEST_USER } from '../testing/sync/test-world.ts';
import { applyPullPage } from './apply-pull-page.ts';

async function sync(...tabs: TestTab[]) {
  for (const tab of tabs) void tab.engine.syncNow();
  await settle(tabs);
}

/** Rows in the notes object store itself, not counting landed ones (below Dexie). */
function storedNoteRows(db: MurmurDatabase): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = db.backendDB().transaction('notes').objectStore('notes').count();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('count failed'));
  });
}

/** A device with 6 notes, and a second one that has just pulled them, landed whole and not settled. */
async function landedOnB() {
  const world = createTestWorld();
  const a = await world.tab(world.device());
  const b = await world.tab(world.device());
  a.engine.start();
  const ids: string[] = [];
  for (let i = 0; i < 6; i++) ids.push(await a.commands.createNote({ title: `n${i}`, tags: ['t'] }));
  await settle([a]);
  await applyPullPage(b.db, world.server.rows(TEST_USER), world.server.clock(TEST_USER), undefined, {
    rowsPerPut: Infinity,
    landAtLeast: 4,
  });
  // As in the app once this tab knows its client id, its saves go straight to IndexedDB (ADR 0112).
  const clientId = await getClientId(b.db, { next: () => 'b'.repeat(32) });
  expect(await getClientId(b.db, { next: () => 'unused' })).toBe(clientId);
  expect(knownClientId(b.db)).toBe(clientId);
  b.engine.start();
  return { world, a, b, ids };
}

describe('landed rows of a catch-up (ADR 0113)', () => {
  it('[R13] a catch-up lands its new rows whole; they read as notes, and settle into the table after', async () => {
    const { a, b, ids } = await landedOnB();
    expect(await b.db.landed.count()).toBeGreaterThan(0);
    // Each note was written by one command: its chunk keeps its one HLC once, and B reads A's map.
    const kept = (await b.db.landed.toArray()).flatMap((chunk) => chunk.rows);
    expect(kept.map((row) => typeof (row['_sync'] as { hlc: unknown }).hlc)).toEqual(ids.map(() => 'string'));
    const hlcsOn = async (db: MurmurDatabase) => (await db.notes.bulkGet(ids)).map((note) => note?._sync.hlc);
    const onA = await hlcsOn(a.db);
    expect(onA.every((hlc) => hlc !== undefined && Object.keys(hlc).length > 1)).toBe(true);
    expect(await hlcsOn(b.db)).toEqual(onA);
    expect(await storedNoteRows(b.db)).toBe(0);
    expect((await b.db.notes.toArray()).map((note) => note.id).sort()).toEqual([...ids].sort());
    expect(await b.db.notes.orderBy(NOTE_ORDER_INDEX).count()).toBe(6);
    expect(await settleLanded(b.db)).toBe(6);
    expect(await b.db.landed.count()).toBe(0);
    expect(await storedNoteRows(b.db)).toBe(6);
    expect((await b.db.notes.toArray()).map((note) => note.id).sort()).toEqual([...ids].sort());
    expect(await hlcsOn(b.db)).toEqual(onA);
  });

  it('[R5] an edit of a landed note is saved and pushed, and the note is listed once', async () => {
    const { a, b, ids } = await landedOnB();
    const id = ids[2] ?? '';
    await b.commands.updateNote(id, { body: 'typed on B before settling' });
    expect(await b.db.notes.get(id)).toMatchObject({ title: 'n2', body: 'typed on B before settling' });
    const listed = await b.db.notes.orderBy(NOTE_ORDER_INDEX).primaryKeys();
    expect(listed.filter((key) => key === id)).toHaveLength(1);
    expect(listed).toHaveLength(6);
    await sync(b, a);
    expect(await a.db.notes.get(id)).toMatchObject({ body: 'typed on B before settling' });
    await settleLanded(b.db);
    expect(await b.db.notes.get(id)).toMatchObject({ body: 'typed on B before settling' });
    expect(await storedNoteRows(b.db)).toBe(6);
  });

  it('[R13] a newer version pulled for a landed note replaces it, and settling keeps the newer one', async () => {
    const { a, b, ids } = await landedOnB();
    const id = ids[4] ?? '';
    await a.commands.updateNote(id, { title: 'renamed on A' });
    await sync(a, b);
    expect(await b.db.notes.get(id)).toMatchObject({ title: 'renamed on A' });
    expect(await b.db.notes.where('_sync.liveTags').equals('t').count()).toBe(6);
    await settleLanded(b.db);
    expect(await b.db.notes.get(id)).toMatchObject({ title: 'renamed on A' });
    expect(await b.db.notes.count()).toBe(6);
  });

  it('[R24] a landed note deleted on another device is not listed, and does not come back when settled', async () => {
    const { a, b, ids } = await landedOnB();
    const id = ids[1] ?? '';
    await a.commands.deleteNote(id);
    await sync(a, b);
    const live = await b.db.notes.orderBy(NOTE_ORDER_INDEX).primaryKeys();
    expect(live).not.toContain(id);
    expect(live).toHaveLength(5);
    await settleLanded(b.db);
    expect(await b.db.notes.orderBy(NOTE_ORDER_INDEX).primaryKeys()).toEqual(live);
    expect((await b.db.notes.get(id))?.deleted_at).not.toBeNull();
  });
});
