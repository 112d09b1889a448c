// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createKeyEnvelope } from '../../../src/sync/crypto/key-envelope.ts';
import { TARGETS } from '../backend/support/backend-targets.ts';

import { openEngineDevice, type EngineDevice } from './support/engine-device.ts';
import { signUpUser, startSyncBackend, type SyncBackend } from './support/sync-backend.ts';
import { waitFor } from './support/wait-for.ts';

/** Words only this test writes, in every kind of entry. */
const WORDS = ['Quokka', 'tamarind', 'Zeppelin', 'marzipan', 'lighthouse', 'saffron', 'Vireo'];
const CHEAP_KDF = { memoryKiB: 19_456, iterations: 1, parallelism: 1 };

/**
 * Issue 56's probe: with encryption on, what the server holds — every row of the user's tables, the
 * conflicts, the realtime messages the pokes were sent as — holds none of the words written on a device,
 * read as the database's owner (more than the service role sees); a second device unlocks and shows
 * them. Over the real backend and the unmodified supabase-js.
 */
describe.each(TARGETS)('an encrypted journal on the server, probed, on %s (ADR 0151)', (target) => {
  let backend: SyncBackend;
  const devices: EngineDevice[] = [];

  beforeAll(async () => {
    backend = await startSyncBackend(target);
  }, 120_000);

  afterAll(async () => {
    for (const device of devices) await device.close();
    await backend?.stop();
  });

  /** Everything the server stores that could hold a user's words, as text. */
  async function everythingStored(userId: string): Promise<string> {
    const parts: string[] = [];
    for (const table of [
      'notes',
      'diary_entries',
      'mood_entries',
      'recordings',
      'conflicts',
      'journal_keys',
    ]) {
      const { rows } = await backend.db.query(
        `select row_to_json(t)::text as row from public.${table} t where user_id = $1`,
        [userId],
      );
      parts.push(...rows.map((row) => String(row['row'])));
    }
    const { rows } = await backend.db.query(
      `select coalesce(payload::text, '') as payload from realtime.messages where topic = $1`,
      [`user:${userId}`],
    );
    parts.push(...rows.map((row) => String(row['payload'])));
    return parts.join('\n');
  }

  it('holds none of the words written, and a second device unlocks and shows them', async () => {
    const user = await signUpUser(backend);
    const { envelope, dataKey } = await createKeyEnvelope('otter lantern quarry velvet', CHEAP_KDF);
    const stored = await user.supabase.from('journal_keys').insert({ envelope });
    expect(stored.error).toBeNull();

    const writer = await openEngineDevice(backend, user.email, {
      journalKey: () => Promise.resolve(dataKey),
    });
    let held: CryptoKey | null = null;
    const reader = await openEngineDevice(backend, user.email, { journalKey: () => Promise.resolve(held) });
    devices.push(writer, reader);

    const note = await writer.commands.createNote({
      title: 'Quokka',
      body: 'tamarind at dusk',
      tags: ['Zeppelin'],
    });
    const diary = await writer.commands.createDiaryEntry({
      day: '2026-12-03',
      title: 'marzipan',
      body: 'lighthouse',
    });
    const mood = await writer.commands.createMoodEntry({ level: 4, note: 'saffron', activities: ['Vireo'] });
    writer.engine.notifyLocalWrite();
    await waitFor(
      async () => ((await writer.db.outbox.count()) === 0 ? true : undefined),
      'the writer’s changes pushed',
      20_000,
    );

    // The reader without the key stores nothing it cannot read where a screen reads: it keeps the
    // sealed rows aside, says it is locked, and its sync goes on (R47).
    await waitFor(
      async () =>
        reader.engine.status.get().locked && (await reader.db.sealed_rows.count()) >= 3 ? true : undefined,
      'the reader locked',
      20_000,
    );
    expect(await reader.db.notes.count()).toBe(0);
    expect(reader.engine.status.get().error).toBeNull();

    const onServer = await everythingStored(user.id);
    expect(onServer).toContain(note);
    // The pokes were sent, with their rows: the probe reads them too.
    expect(onServer).toMatch(/"rows": ?\[.*"title": ?"mx1\./);
    for (const word of WORDS) expect(onServer, word).not.toContain(word);

    // Unlocked: the next sync opens every kept entry.
    held = dataKey;
    reader.engine.notifyLocalWrite();
    const seen = await waitFor(() => reader.db.notes.get(note), 'the note on the reader', 20_000);
    expect(seen).toMatchObject({ title: 'Quokka', body: 'tamarind at dusk', tags: ['Zeppelin'] });
    expect(await reader.db.diary_entries.get(diary)).toMatchObject({ title: 'marzipan', body: 'lighthouse' });
    expect(await reader.db.mood_entries.get(mood)).toMatchObject({ note: 'saffron', activities: ['Vireo'] });
    expect(await reader.db.sealed_rows.count()).toBe(0);
  }, 60_000);
});
