import { describe, expect, it, vi } from 'vitest';

import { heldJournalKey, retiredJournalKey } from '../db/journal-key.ts';
import { resendDirection } from '../db/resending.ts';
import type { MurmurDatabase } from '../db/schema.ts';
import { settle } from '../testing/sync/test-device.ts';
import { createTestWorld, TEST_USER } from '../testing/sync/test-world.ts';
import type { TestTab } from '../testing/sync/test-device.ts';
import { isEncryptedValue } from './crypto/encrypted-value.ts';
import { generateDataKey } from './crypto/generate-data-key.ts';

const WORDS = /Heron|marmalade|birds/i;

const keyed = (key: CryptoKey) => () => Promise.resolve(key);

/** A tab whose engine reads the key its own database holds, as the app's sync worker does. */
async function keyedByItsDatabase(world: ReturnType<typeof createTestWorld>): Promise<TestTab> {
  let db: MurmurDatabase | null = null;
  const tab = await world.tab(world.device(), {
    journalKey: () => (db ? heldJournalKey(db) : Promise.resolve(null)),
  });
  db = tab.db;
  return tab;
}

/** Web Crypto answers on the platform's own threads, many macrotasks later on a loaded machine. */
const settleSealed = (tabs: readonly TestTab[]) => settle(tabs, 200_000);

describe('an encrypted journal syncs sealed (ADR 0151, R44)', () => {
  it('sends what a person wrote sealed, and other devices with the key store it clear from a poke and a pull', async () => {
    const key = await generateDataKey();
    const world = createTestWorld();
    world.server.setJournalEncrypted(TEST_USER);
    const a = await world.tab(world.device(), { journalKey: keyed(key) });
    const b = await world.tab(world.device(), { journalKey: keyed(key) });
    a.engine.start();
    b.engine.start();
    await settleSealed([a, b]);

    const id = await a.commands.createNote({
      title: 'Heron at the weir',
      body: 'The marmalade light on the water.',
      tags: ['birds'],
    });
    a.engine.notifyLocalWrite();
    await settleSealed([a, b]);
    await a.commands.updateNote(id, { body: 'The marmalade light, then rain.' });
    a.engine.notifyLocalWrite();
    await settleSealed([a, b]);

    const onServer = world.server.rows(TEST_USER).find((row) => row.id === id);
    expect(JSON.stringify(onServer)).not.toMatch(WORDS);
    for (const field of ['title', 'body', 'tags'])
      expect(isEncryptedValue(onServer?.data[field]), field).toBe(true);
    // The device's own copy and its outbox stay clear: search, insights and export read them.
    const clear = { title: 'Heron at the weir', body: 'The marmalade light, then rain.', tags: ['birds'] };
    expect(await a.db.notes.get(id)).toMatchObject(clear);
    // A poke's rows are opened beside the engine's run: wait for them rather than for the run.
    await vi.waitFor(async () => expect(await b.db.notes.get(id)).toMatchObject(clear));

    // A device that starts later pulls the sealed rows and opens them.
    const c = await world.tab(world.device(), { journalKey: keyed(key) });
    c.engine.start();
    await settleSealed([a, b, c]);
    await vi.waitFor(async () => expect(await c.db.notes.get(id)).toMatchObject(clear));
  });

  it('a device with another key stores nothing it cannot open, and its sync says so', async () => {
    const world = createTestWorld();
    world.server.setJournalEncrypted(TEST_USER);
    const a = await world.tab(world.device(), { journalKey: keyed(await generateDataKey()) });
    a.engine.start();
    const id = await a.commands.createNote({ title: 'Heron at the weir', body: 'marmalade' });
    a.engine.notifyLocalWrite();
    await settleSealed([a]);
    expect(world.server.rows(TEST_USER).some((row) => row.id === id)).toBe(true);

    const stranger = await world.tab(world.device(), { journalKey: keyed(await generateDataKey()) });
    stranger.engine.start();
    await settleSealed([a, stranger]);
    expect(await stranger.db.notes.get(id)).toBeUndefined();
    expect(stranger.engine.status.get()).toMatchObject({ state: 'error' });
    expect(JSON.stringify(stranger.engine.status.get().error)).toMatch(/could not decrypt/);
  });

  it('[R47] a device without the key stores no ciphertext where a screen reads: it keeps the sealed rows aside and syncs on until it is unlocked', async () => {
    const key = await generateDataKey();
    const world = createTestWorld();
    world.server.setJournalEncrypted(TEST_USER);
    const a = await world.tab(world.device(), { journalKey: keyed(key) });
    a.engine.start();
    const id = await a.commands.createNote({ title: 'Heron at the weir', body: 'marmalade' });
    a.engine.notifyLocalWrite();
    await settleSealed([a]);

    let held: CryptoKey | null = null;
    const b = await world.tab(world.device(), { journalKey: () => Promise.resolve(held) });
    b.engine.start();
    await settleSealed([a, b]);
    expect(await b.db.notes.count()).toBe(0);
    expect(await b.db.sealed_rows.count()).toBe(1);
    expect(b.engine.status.get()).toMatchObject({ state: 'up_to_date', error: null, locked: true });

    // Unlocked: the key is held from now on, and the next sync opens what was kept.
    held = key;
    // What the unlock's command tells sync: a write happened here.
    b.engine.notifyLocalWrite();
    await settleSealed([a, b]);
    await vi.waitFor(async () =>
      expect(await b.db.notes.get(id)).toMatchObject({ title: 'Heron at the weir', body: 'marmalade' }),
    );
    expect(b.engine.status.get()).toMatchObject({ error: null, locked: false });
  });

  it('turning encryption on sends what was written before sealed, and the device keeps its clear copy', async () => {
    const world = createTestWorld();
    let held: CryptoKey | null = null;
    const a = await world.tab(world.device(), { journalKey: () => Promise.resolve(held) });
    a.engine.start();
    const ids: string[] = [];
    for (let i = 0; i < 300; i++)
      ids.push(await a.commands.createNote({ title: `Heron ${i}`, body: 'marmalade', tags: ['birds'] }));
    const mood = await a.commands.createMoodEntry({
      level: 4,
      note: 'marmalade toast',
      activities: ['birds'],
    });
    const diary = await a.commands.createDiaryEntry({ day: '2026-12-01', title: 'Heron', body: 'marmalade' });
    a.engine.notifyLocalWrite();
    await settleSealed([a]);
    expect(JSON.stringify(world.server.rows(TEST_USER))).toMatch(WORDS);

    // The envelope is stored first (ADR 0151), then the key is kept here.
    world.server.setJournalEncrypted(TEST_USER);
    held = await generateDataKey();
    await a.commands.holdJournalKey(held);
    await a.commands.startResendingWrittenEntries();
    const seen: number[] = [];
    await a.commands.resendWrittenEntries(({ done }) => seen.push(done));
    expect(seen.at(-1)).toBe(302);
    expect(await a.commands.resendingWrittenEntries()).toBe(false);
    a.engine.notifyLocalWrite();
    await settleSealed([a]);

    const rows = world.server.rows(TEST_USER).filter((row) => [...ids, mood, diary].includes(row.id));
    expect(rows).toHaveLength(302);
    expect(JSON.stringify(rows)).not.toMatch(WORDS);
    expect(await a.db.notes.get(ids[0] ?? '')).toMatchObject({ title: 'Heron 0', body: 'marmalade' });
  });

  it('[R45][R47] a device without the key is refused by an encrypted journal: nothing reaches the server, its outbox waits, its status says locked and it pulls on', async () => {
    const world = createTestWorld();
    world.server.setJournalEncrypted(TEST_USER);
    const locked = await world.tab(world.device());
    locked.engine.start();
    await locked.commands.createNote({ title: 'Heron at the weir', body: 'marmalade' });
    locked.engine.notifyLocalWrite();
    await settleSealed([locked]);
    expect(JSON.stringify(world.server.rows(TEST_USER))).not.toMatch(WORDS);
    expect(await locked.db.outbox.count()).toBe(1);
    expect(locked.engine.status.get()).toMatchObject({ error: null, locked: true, pending: 1 });

    // A device with the key is heard, sealed; the locked one pulls it on and keeps it aside (R47).
    const a = await world.tab(world.device(), { journalKey: keyed(await generateDataKey()) });
    a.engine.start();
    const id = await a.commands.createNote({ title: 'Heron at the weir', body: 'marmalade' });
    a.engine.notifyLocalWrite();
    await settleSealed([a, locked]);
    locked.engine.notifyFocus();
    await settleSealed([a, locked]);
    expect(world.server.rows(TEST_USER).some((row) => row.id === id)).toBe(true);
    expect(JSON.stringify(world.server.rows(TEST_USER))).not.toMatch(WORDS);
    expect(await locked.db.sealed_rows.get(['notes', id])).toBeDefined();
    expect(await locked.db.notes.get(id)).toBeUndefined();
    expect(await locked.db.outbox.count()).toBe(1);
    expect(locked.engine.status.get()).toMatchObject({ error: null, locked: true });
  });

  it('[R40] two offline edits of one body merge on the devices, where the words are readable, and equal ones keep no conflict', async () => {
    const key = await generateDataKey();
    const world = createTestWorld();
    world.server.setJournalEncrypted(TEST_USER);
    const a = await world.tab(world.device(), { journalKey: keyed(key) });
    const b = await world.tab(world.device(), { journalKey: keyed(key) });
    a.engine.start();
    b.engine.start();
    const merging = await a.commands.createNote({ body: 'We met at noon. It rained.' });
    const same = await a.commands.createNote({ body: 'Heron at the weir.' });
    a.engine.notifyLocalWrite();
    await settleSealed([a, b]);
    b.engine.notifyFocus();
    await settleSealed([a, b]);
    await vi.waitFor(async () => expect(await b.db.notes.count()).toBe(2));
    // Neither hears of the other's save before pushing its own: both start from the same base.
    a.transport.pokesEnabled = false;
    b.transport.pokesEnabled = false;
    await a.commands.updateNote(merging, { body: 'We met at noon in Köln. It rained.' });
    await a.commands.updateNote(same, { body: 'Heron at the weir, fishing.' });
    a.engine.notifyLocalWrite();
    await settleSealed([a]);
    world.timers.advance(1000);
    await b.commands.updateNote(merging, { body: 'We met at noon. It rained all day.' });
    await b.commands.updateNote(same, { body: 'Heron at the weir, fishing.' });
    b.engine.notifyLocalWrite();
    await settleSealed([b]);
    a.engine.notifyFocus();
    await settleSealed([a, b]);
    b.engine.notifyFocus();
    await settleSealed([a, b]);

    // The server saw two different ciphertexts each time; the devices see the words.
    for (const tab of [a, b]) {
      expect((await tab.db.notes.get(merging))?.body).toBe('We met at noon in Köln. It rained all day.');
      expect((await tab.db.notes.get(same))?.body).toBe('Heron at the weir, fishing.');
      expect((await tab.db.conflicts.toArray()).filter((c) => c.resolved_at === null)).toEqual([]);
    }
    expect(JSON.stringify(world.server.rows(TEST_USER))).not.toMatch(/Köln|rained|fishing/);
  });

  it('[R46] turning encryption off: a device that still holds the key is refused, forgets it and converges clear, and a locked one recovers', async () => {
    const key = await generateDataKey();
    const world = createTestWorld();
    world.server.setJournalEncrypted(TEST_USER);
    const a = await keyedByItsDatabase(world);
    const b = await keyedByItsDatabase(world);
    const locked = await keyedByItsDatabase(world);
    await a.commands.holdJournalKey(key);
    await b.commands.holdJournalKey(key);
    for (const tab of [a, b, locked]) tab.engine.start();
    const id = await a.commands.createNote({
      title: 'Heron at the weir',
      body: 'marmalade',
      tags: ['birds'],
    });
    a.engine.notifyLocalWrite();
    await settleSealed([a, b, locked]);
    await vi.waitFor(async () =>
      expect(await b.db.notes.get(id)).toMatchObject({ title: 'Heron at the weir' }),
    );
    expect(JSON.stringify(world.server.rows(TEST_USER))).not.toMatch(WORDS);
    expect(locked.engine.status.get()).toMatchObject({ error: null, locked: true });
    expect(await locked.db.notes.count()).toBe(0);
    expect(await locked.db.sealed_rows.count()).toBe(1);

    // B is offline while A turns encryption off: it has not heard of it.
    b.device.connectivity.set(false);

    // A turns encryption off: confirmed, the envelope removed, the key forgotten and the clear resend
    // queued, the resend done.
    await a.commands.startTurningEncryptionOff(1);
    world.server.setJournalEncrypted(TEST_USER, false);
    await a.commands.finishTurningEncryptionOff();
    await a.commands.resendWrittenEntries();
    a.engine.notifyLocalWrite();
    await settleSealed([a, locked]);
    expect(await heldJournalKey(a.db)).toBeNull();

    // B edits, still holding the key, and comes back: its sealed push is refused whole (R46); it forgets
    // the key and pushes the same edit clear.
    world.timers.advance(1000);
    await b.commands.updateNote(id, { body: 'marmalade, then rain' });
    b.device.connectivity.set(true);
    await settleSealed([a, b, locked]);
    expect(await heldJournalKey(b.db)).toBeNull();
    expect(b.engine.status.get().error).toBeNull();
    expect(await b.db.outbox.count()).toBe(0);

    // Nothing sealed is left on the server, the words are there in clear, and every device, the locked
    // one too (the pokes of the clear resend pulled it on), holds the same clear entry.
    a.engine.notifyFocus();
    locked.engine.notifyFocus();
    await settleSealed([a, b, locked]);
    const onServer = JSON.stringify(world.server.rows(TEST_USER));
    expect(onServer).not.toContain('mx1.');
    expect(onServer).toContain('marmalade, then rain');
    const clear = { title: 'Heron at the weir', body: 'marmalade, then rain', tags: ['birds'] };
    for (const tab of [a, b, locked]) {
      await vi.waitFor(async () => expect(await tab.db.notes.get(id)).toMatchObject(clear));
      expect(tab.engine.status.get()).toMatchObject({ error: null, locked: false });
    }
    // The clear resend's rows are newer than the one the locked device kept: it went (R47).
    expect(await locked.db.sealed_rows.count()).toBe(0);
    expect((await a.db.conflicts.toArray()).filter((c) => c.resolved_at === null)).toEqual([]);
  });

  it('[R46] an entry another device sealed just before the turning off, not yet pulled by the turning-off device, opens with its retired key and is resent clear (ADR 0152)', async () => {
    const key = await generateDataKey();
    const world = createTestWorld();
    world.server.setJournalEncrypted(TEST_USER);
    const a = await keyedByItsDatabase(world);
    const b = await keyedByItsDatabase(world);
    await a.commands.holdJournalKey(key);
    await b.commands.holdJournalKey(key);
    for (const tab of [a, b]) tab.engine.start();
    await a.commands.createNote({ title: 'Heron at the weir', body: 'marmalade' });
    a.engine.notifyLocalWrite();
    await settleSealed([a, b]);

    // A is offline, so it has not pulled what B writes next: B's new entry reaches the server sealed.
    a.device.connectivity.set(false);
    const late = await b.commands.createNote({ title: 'Kingfisher', body: 'birds on the bank' });
    b.engine.notifyLocalWrite();
    await settleSealed([b]);
    expect(JSON.stringify(world.server.rows(TEST_USER))).not.toMatch(WORDS);

    // A turns encryption off (the envelope removal is the server's), resends what it holds, and comes back.
    await a.commands.startTurningEncryptionOff(1);
    world.server.setJournalEncrypted(TEST_USER, false);
    await a.commands.finishTurningEncryptionOff();
    await a.commands.resendWrittenEntries();
    a.device.connectivity.set(true);
    await settleSealed([a, b]);

    // The late entry came sealed and opened with the retired key: stored clear here, nothing kept aside,
    // not locked, and the clear resend set back to cover it, as the banner's resend then does.
    expect(await heldJournalKey(a.db)).toBeNull();
    expect(await a.db.notes.get(late)).toMatchObject({ title: 'Kingfisher', body: 'birds on the bank' });
    expect(await a.db.sealed_rows.count()).toBe(0);
    expect(a.engine.status.get()).toMatchObject({ error: null, locked: false });
    expect(await resendDirection(a.db)).toBe('clear');
    await a.commands.resendWrittenEntries();
    a.engine.notifyLocalWrite();
    await settleSealed([a, b]);

    const onServer = JSON.stringify(world.server.rows(TEST_USER));
    expect(onServer).not.toContain('mx1.');
    expect(onServer).toContain('Kingfisher');
    // A device with no key at all reads every entry.
    const fresh = await world.tab(world.device());
    fresh.engine.start();
    await settleSealed([fresh]);
    expect(await fresh.db.notes.get(late)).toMatchObject({ title: 'Kingfisher', body: 'birds on the bank' });
    expect(await fresh.db.sealed_rows.count()).toBe(0);
  });

  it('[R47] a retired key that does not open a kept row is forgotten: the row stays kept and the device says locked', async () => {
    const world = createTestWorld();
    world.server.setJournalEncrypted(TEST_USER);
    const a = await keyedByItsDatabase(world);
    await a.commands.holdJournalKey(await generateDataKey());
    await a.commands.startTurningEncryptionOff(1);
    await a.commands.finishTurningEncryptionOff();
    // Encrypted again elsewhere, with a key A never held.
    const b = await keyedByItsDatabase(world);
    await b.commands.holdJournalKey(await generateDataKey());
    b.engine.start();
    await b.commands.createNote({ title: 'Heron at the weir', body: 'marmalade' });
    b.engine.notifyLocalWrite();
    await settleSealed([b]);

    a.engine.start();
    await settleSealed([a]);
    expect(await retiredJournalKey(a.db)).toBeNull();
    expect(await a.db.sealed_rows.count()).toBe(1);
    expect(await a.db.notes.count()).toBe(0);
    expect(a.engine.status.get()).toMatchObject({ error: null, locked: true });
  });

  it('[R46] text that only looks sealed, from a device with no key, is refused as a change and kept, never retried for ever', async () => {
    const world = createTestWorld();
    const tab = await world.tab(world.device());
    tab.engine.start();
    const looksSealed = `mx1.${'A'.repeat(40)}`;
    const id = await tab.commands.createNote({ title: looksSealed, body: 'marmalade' });
    tab.engine.notifyLocalWrite();
    await settleSealed([tab]);
    expect(await tab.db.outbox.count()).toBe(0);
    expect(tab.engine.status.get().error).toBeNull();
    expect(world.server.rows(TEST_USER).some((row) => row.id === id)).toBe(false);
    const kept = await tab.db.conflicts.toArray();
    expect(kept).toEqual([
      expect.objectContaining({
        kind: 'rejected',
        row_id: id,
        losing_value: expect.objectContaining({ title: looksSealed, body: 'marmalade' }),
      }),
    ]);
  });
});
