// @vitest-environment node
import { isDeepStrictEqual } from 'node:util';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { MurmurDatabase } from '../../../src/db/schema.ts';
import { getCursor } from '../../../src/db/sync-meta.ts';
import type { PullRequest } from '../../../src/sync/protocol.ts';
import { TARGETS } from '../backend/support/backend-targets.ts';

import { openEngineDevice, type EngineDevice } from './support/engine-device.ts';
import { signUpUser, startSyncBackend, type SyncBackend } from './support/sync-backend.ts';
import { waitFor } from './support/wait-for.ts';

/** Every synced table of a device, as the user would see it, plus what is still queued. */
async function snapshot(db: MurmurDatabase) {
  const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
  return {
    notes: (await db.notes.toArray()).sort(byId),
    settings: await db.user_settings.toArray(),
    conflicts: (await db.conflicts.toArray()).sort(byId),
    outbox: await db.outbox.count(),
  };
}

describe.each(TARGETS)('the sync engine with the real transport on %s', (target) => {
  let backend: SyncBackend;
  const devices: EngineDevice[] = [];

  beforeAll(async () => {
    backend = await startSyncBackend(target);
  }, 120_000);

  afterAll(async () => {
    for (const device of devices) await device.close();
    await backend?.stop();
  });

  async function twoDevices(): Promise<[EngineDevice, EngineDevice]> {
    const user = await signUpUser(backend);
    const a = await openEngineDevice(backend, user.email);
    const b = await openEngineDevice(backend, user.email);
    devices.push(a, b);
    return [a, b];
  }

  it('[R27] a note written on one device appears on the other through the realtime poke', async () => {
    const [a, b] = await twoDevices();
    await a.engine.whenIdle();
    await b.engine.whenIdle();
    const id = await a.commands.createNote({ title: 'From A', body: 'written on the phone' });
    a.engine.notifyLocalWrite();
    // B is never told to sync: only the server's poke can bring the note.
    const seen = await waitFor(() => b.db.notes.get(id), 'the note on device B', 10_000);
    expect(seen).toMatchObject({ id, title: 'From A', body: 'written on the phone', deleted_at: null });
    expect(seen._sync.version).toBeGreaterThan(0);
  });

  it('[R27a] a device that is up to date shows a note from another with no pull: the poke carries it', async () => {
    const [a, b] = await twoDevices();
    let subscribed = false;
    b.transport.onPoke(({ version }) => (subscribed ||= version === 0));
    await waitFor(() => (subscribed ? true : undefined), "B's realtime subscription");
    await a.engine.whenIdle();
    await b.engine.whenIdle();
    const pulls: number[] = [];
    const pull = b.transport.pull.bind(b.transport);
    b.transport.pull = (request, session) => {
      pulls.push((request as PullRequest).cursor);
      return pull(request, session);
    };
    const id = await a.commands.createNote({ title: 'From A', body: 'carried by the poke' });
    a.engine.notifyLocalWrite();
    const seen = await waitFor(() => b.db.notes.get(id), 'the note on device B', 10_000);
    expect(seen).toMatchObject({ id, title: 'From A', body: 'carried by the poke' });
    expect(pulls).toEqual([]);
    expect(await getCursor(b.db)).toBe(seen._sync.version);
  });

  it('[R19][R20][R36] two devices that wrote offline reconnect and converge, keeping the losing text', async () => {
    const [a, b] = await twoDevices();
    const id = await a.commands.createNote({ title: 'Shared', body: 'first draft' });
    a.engine.notifyLocalWrite();
    await waitFor(() => b.db.notes.get(id), 'the shared note on device B', 10_000);
    await a.engine.whenIdle();
    await b.engine.whenIdle();

    a.connectivity.set(false);
    b.connectivity.set(false);
    await a.commands.updateNote(id, { body: 'edited offline on A' });
    const onlyA = await a.commands.createNote({ title: 'Only on A' });
    await new Promise((resolve) => setTimeout(resolve, 5)); // B's edit is the later one
    await b.commands.updateNote(id, { body: 'edited offline on B', pinned: true });
    await b.commands.updateSettings({ preferred_theme: 'dark' });
    a.connectivity.set(true);
    await a.engine.whenIdle();
    b.connectivity.set(true);

    const converged = await waitFor(
      async () => {
        const [left, right] = [await snapshot(a.db), await snapshot(b.db)];
        const quiet = !a.engine.isRunning() && !b.engine.isRunning();
        const done = left.outbox === 0 && right.outbox === 0 && left.conflicts.length > 0;
        // Key order aside: rows a poke brought (R27a) went through jsonb on their way.
        return quiet && done && isDeepStrictEqual(left, right) ? left : undefined;
      },
      'both devices to converge',
      15_000,
    );
    expect(converged.notes.find((n) => n.id === id)).toMatchObject({
      body: 'edited offline on B',
      pinned: true,
    });
    expect(converged.notes.some((n) => n.id === onlyA)).toBe(true);
    expect(converged.settings[0]).toMatchObject({ id: a.userId, preferred_theme: 'dark' });
    expect(converged.conflicts).toEqual([
      expect.objectContaining({
        kind: 'lww_lost',
        table_name: 'notes',
        row_id: id,
        field: 'body',
        losing_value: 'edited offline on A',
      }),
    ]);
  });
});
