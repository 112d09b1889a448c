// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { heldJournalKey } from '../../../src/db/journal-key.ts';
import { createKeyEnvelope } from '../../../src/sync/crypto/key-envelope.ts';
import { TARGETS } from '../backend/support/backend-targets.ts';

import { openEngineDevice, type EngineDevice } from './support/engine-device.ts';
import { serviceClient, signUpUser, startSyncBackend, type SyncBackend } from './support/sync-backend.ts';
import { waitFor } from './support/wait-for.ts';

const CHEAP_KDF = { memoryKiB: 19_456, iterations: 1, parallelism: 1 };

/**
 * Turning encryption off (ADR 0152, R46) over the real backend and the unmodified supabase-js: the
 * device that turns it off removes the envelope and resends clear; a device that still holds the key
 * and pushes sealed is refused whole, forgets the key and pushes the same edit clear; a device that was
 * locked syncs again and shows the words; the server holds them clear, and nothing sealed.
 */
describe.each(TARGETS)('turning encryption off on %s (ADR 0152)', (target) => {
  let backend: SyncBackend;
  const devices: EngineDevice[] = [];

  beforeAll(async () => {
    backend = await startSyncBackend(target);
  }, 120_000);

  afterAll(async () => {
    for (const device of devices) await device.close();
    await backend?.stop();
  });

  it('[R46] a device still sealing is refused, forgets the key and converges clear; a locked one recovers', async () => {
    const user = await signUpUser(backend);
    const { envelope, dataKey } = await createKeyEnvelope('otter lantern quarry velvet', CHEAP_KDF);
    expect((await user.supabase.from('journal_keys').insert({ envelope })).error).toBeNull();
    const a = await openEngineDevice(backend, user.email, 'key in its database');
    const b = await openEngineDevice(backend, user.email, 'key in its database');
    const locked = await openEngineDevice(backend, user.email, 'key in its database');
    devices.push(a, b, locked);
    await a.commands.holdJournalKey(dataKey);
    await b.commands.holdJournalKey(dataKey);

    const note = await a.commands.createNote({
      title: 'Quokka',
      body: 'tamarind at dusk',
      tags: ['Zeppelin'],
    });
    a.engine.notifyLocalWrite();
    await waitFor(async () => ((await a.db.outbox.count()) === 0 ? true : undefined), 'a pushed', 20_000);
    b.engine.notifyFocus();
    await waitFor(() => b.db.notes.get(note), 'the note on b', 20_000);
    locked.engine.notifyFocus();
    await waitFor(
      async () =>
        locked.engine.status.get().locked && (await locked.db.sealed_rows.count()) > 0 ? true : undefined,
      'the keyless device locked',
      20_000,
    );

    // B is offline while A turns encryption off: it has not heard of it.
    b.connectivity.set(false);

    // A turns encryption off, in the order Settings → Privacy does.
    await a.commands.startTurningEncryptionOff(1);
    const removed = await user.supabase.from('journal_keys').delete().eq('version', 1).select('version');
    expect(removed.data).toEqual([{ version: 1 }]);
    await a.commands.finishTurningEncryptionOff();
    expect(await a.commands.resendWrittenEntries()).toBe('clear');
    a.engine.notifyLocalWrite();
    await waitFor(async () => ((await a.db.outbox.count()) === 0 ? true : undefined), 'a resent', 20_000);

    // B edits, still holding the key: it pushes sealed as it comes back.
    await b.commands.updateNote(note, { body: 'tamarind, then rain' });
    b.connectivity.set(true);
    await waitFor(
      async () =>
        (await heldJournalKey(b.db)) === null && (await b.db.outbox.count()) === 0 ? true : undefined,
      'b forgot the key and pushed clear',
      20_000,
    );
    expect(b.engine.status.get().error).toBeNull();

    // What the lock notice does once it finds no envelope: drop the rows kept sealed, sync again (R47).
    await locked.commands.dropSealedRows();
    await locked.engine.syncNow();
    const clear = { title: 'Quokka', body: 'tamarind, then rain', tags: ['Zeppelin'] };
    for (const device of [a, b, locked]) {
      device.engine.notifyFocus();
      await waitFor(
        async () => {
          const row = await device.db.notes.get(note);
          return row?.body === clear.body ? row : undefined;
        },
        `the clear edit on ${[a, b, locked].indexOf(device)} (${JSON.stringify(device.engine.status.get())})`,
        20_000,
      );
      expect(await device.db.notes.get(note)).toMatchObject(clear);
    }
    expect(locked.engine.status.get()).toMatchObject({ error: null, locked: false });

    const { data } = await serviceClient(backend).from('notes').select('*').eq('user_id', user.id);
    const onServer = JSON.stringify(data);
    expect(onServer).toContain('tamarind, then rain');
    expect(onServer).not.toContain('mx1.');
  }, 90_000);

  it('an entry another device sealed just before the turning off, not yet pulled there, is opened with the retired key and resent clear', async () => {
    const user = await signUpUser(backend);
    const { envelope, dataKey } = await createKeyEnvelope('otter lantern quarry velvet', CHEAP_KDF);
    expect((await user.supabase.from('journal_keys').insert({ envelope })).error).toBeNull();
    const a = await openEngineDevice(backend, user.email, 'key in its database');
    const b = await openEngineDevice(backend, user.email, 'key in its database');
    devices.push(a, b);
    await a.commands.holdJournalKey(dataKey);
    await b.commands.holdJournalKey(dataKey);

    // A is offline: B's new entry reaches the server sealed, and A has not pulled it.
    a.connectivity.set(false);
    const late = await b.commands.createNote({ title: 'Kinkajou', body: 'saffron by the sluice', tags: [] });
    b.engine.notifyLocalWrite();
    await waitFor(async () => ((await b.db.outbox.count()) === 0 ? true : undefined), 'b pushed', 20_000);

    // A turns encryption off (the removal needs no engine), resends what it holds, and comes back.
    await a.commands.startTurningEncryptionOff(1);
    const removed = await user.supabase.from('journal_keys').delete().eq('version', 1).select('version');
    expect(removed.data).toEqual([{ version: 1 }]);
    await a.commands.finishTurningEncryptionOff();
    expect(await a.commands.resendWrittenEntries()).toBe('clear');
    a.connectivity.set(true);
    await waitFor(() => a.db.notes.get(late), 'the late entry opened on a', 20_000);
    // The resend was set back to cover it; the banner runs it, as here.
    expect(await a.commands.resendWrittenEntries()).toBe('clear');
    a.engine.notifyLocalWrite();
    await waitFor(async () => ((await a.db.outbox.count()) === 0 ? true : undefined), 'a resent', 20_000);
    expect(a.engine.status.get()).toMatchObject({ error: null, locked: false });

    const { data } = await serviceClient(backend).from('notes').select('*').eq('user_id', user.id);
    const onServer = JSON.stringify(data);
    expect(onServer).toContain('saffron by the sluice');
    expect(onServer).not.toContain('mx1.');
  }, 90_000);
});
