// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createKeyEnvelope } from '../../../src/sync/crypto/key-envelope.ts';
import { TARGETS } from '../backend/support/backend-targets.ts';

import { openEngineDevice, type EngineDevice } from './support/engine-device.ts';
import { signUpUser, startSyncBackend, type SyncBackend } from './support/sync-backend.ts';
import { waitFor } from './support/wait-for.ts';

const CHEAP_KDF = { memoryKiB: 19_456, iterations: 1, parallelism: 1 };
/** The note's first body, then each device's concurrent edit of it: words only this test writes. */
const FIRST = 'Vireo by the saffron sluice';
const FROM_A = 'Quokka with tamarind';
const FROM_B = 'Zeppelin over marzipan roofs';
const WORDS = /Vireo|saffron|Quokka|tamarind|Zeppelin|marzipan/;

/**
 * R48 over the real backend and the unmodified supabase-js: a conflict the server kept while the
 * journal was clear (the version that lost and the base text both edits started from) is resent sealed
 * by the device that turns encryption on, so the server holds none of its words, and a device with the
 * key opens it; turning encryption off resends it clear, so nothing of it stays sealed.
 */
describe.each(TARGETS)('conflict copies follow the journal’s encryption on %s (R48)', (target) => {
  let backend: SyncBackend;
  const devices: EngineDevice[] = [];

  beforeAll(async () => {
    backend = await startSyncBackend(target);
  }, 120_000);

  afterAll(async () => {
    for (const device of devices) await device.close();
    await backend?.stop();
  });

  async function keptOnServer(userId: string): Promise<string> {
    const { rows } = await backend.db.query(
      `select row_to_json(t)::text as row from public.conflicts t where user_id = $1`,
      [userId],
    );
    return rows.map((row) => String(row['row'])).join('\n');
  }

  const pushed = (device: EngineDevice, what: string) =>
    waitFor(async () => ((await device.db.outbox.count()) === 0 ? true : undefined), what, 20_000);

  it('[R48] a conflict kept in clear is resent sealed when encryption is turned on, and clear when it is turned off', async () => {
    const user = await signUpUser(backend);
    const a = await openEngineDevice(backend, user.email, 'key in its database');
    const b = await openEngineDevice(backend, user.email, 'key in its database');
    devices.push(a, b);

    // Two devices edit one body at once; B's edit carries what its editor showed (R40).
    const note = await a.commands.createNote({ title: 'Walk', body: FIRST });
    a.engine.notifyLocalWrite();
    await pushed(a, 'a pushed the note');
    b.engine.notifyFocus();
    const shown = await waitFor(() => b.db.notes.get(note), 'the note on b', 20_000);
    b.connectivity.set(false);
    await a.commands.updateNote(note, { body: FROM_A });
    a.engine.notifyLocalWrite();
    await pushed(a, 'a pushed its edit');
    await b.commands.editNote(
      note,
      { body: FROM_B },
      { body: { value: FIRST, hlc: shown._sync.hlc['body'] ?? '' } },
    );
    b.connectivity.set(true);
    await pushed(b, 'b pushed its edit');
    expect(await keptOnServer(user.id)).toMatch(/Quokka|Zeppelin/);
    expect(await keptOnServer(user.id)).toContain(FIRST);
    a.engine.notifyFocus();
    await waitFor(
      async () => ((await a.db.conflicts.count()) > 0 ? true : undefined),
      'the conflict on a',
      20_000,
    );

    // A turns encryption on, in the order Settings → Privacy does: the envelope first, then the key.
    const { envelope, dataKey } = await createKeyEnvelope('otter lantern quarry velvet', CHEAP_KDF);
    expect((await user.supabase.from('journal_keys').insert({ envelope })).error).toBeNull();
    await a.commands.holdJournalKey(dataKey);
    await a.commands.startResendingWrittenEntries();
    expect(await a.commands.resendWrittenEntries()).toBe('sealed');
    a.engine.notifyLocalWrite();
    await pushed(a, 'a resent sealed');
    expect(a.engine.status.get().error).toBeNull();
    const sealed = await keptOnServer(user.id);
    expect(sealed).not.toMatch(WORDS);
    expect(sealed).toContain('mx1.');

    // A device that unlocks opens the kept versions as they were.
    const c = await openEngineDevice(backend, user.email, { journalKey: () => Promise.resolve(dataKey) });
    devices.push(c);
    const opened = await waitFor(
      async () => ((await c.db.conflicts.count()) > 0 ? c.db.conflicts.toArray() : undefined),
      'the conflict on c',
      20_000,
    );
    expect(opened[0]).toMatchObject({
      base_value: FIRST,
      losing_value: expect.stringMatching(/Quokka|Zeppelin/),
    });

    // A turns it off: the kept versions go back in clear.
    await a.commands.startTurningEncryptionOff(1);
    const removed = await user.supabase.from('journal_keys').delete().eq('version', 1).select('version');
    expect(removed.data).toEqual([{ version: 1 }]);
    await a.commands.finishTurningEncryptionOff();
    expect(await a.commands.resendWrittenEntries()).toBe('clear');
    a.engine.notifyLocalWrite();
    await pushed(a, 'a resent clear');
    expect(a.engine.status.get().error).toBeNull();
    const clear = await keptOnServer(user.id);
    expect(clear).toContain(FIRST);
    expect(clear).not.toContain('mx1.');
  }, 90_000);
});
