import { IDBKeyRange as FakeIDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';

import { createCommands } from '../../db/commands/create-commands.ts';
import { openUserDatabase } from '../../db/open-user-database.ts';
import type { UserData } from '../../lib/user-data/user-data-context.ts';
import { FakeTransport } from '../../testing/sync/fake-transport.ts';
import { settle, type TestTab } from '../../testing/sync/test-device.ts';
import { createTestWorld } from '../../testing/sync/test-world.ts';
import { startUserSync, type UserSync } from './start-user-sync.ts';
import { userConnection } from './user-connection.ts';

const noFocus = { subscribe: () => () => undefined };

/** One user's database on one test device, against the in-memory sync server. */
async function openDevice() {
  const world = createTestWorld();
  const device = world.device();
  const db = await openUserDatabase(device.userId, {
    indexedDB: device.indexedDB,
    IDBKeyRange: FakeIDBKeyRange,
  });
  const opened: UserData = {
    userId: device.userId,
    db,
    commands: createCommands(db, { clock: device.clock, ids: device.ids }),
  };
  const transport = new FakeTransport(world.server, device.userId);
  const startEngine = (data: UserData): UserSync =>
    startUserSync({
      db: data.db,
      transport,
      ports: {
        clock: device.clock,
        ids: device.ids,
        timers: world.timers,
        random: device.random,
        connectivity: device.connectivity,
        auth: device.auth,
        locks: device.locks,
      },
      focus: noFocus,
    });
  const bodiesOnServer = () => world.server.rows(device.userId).map((row) => row.data['body']);
  return { world, opened, transport, startEngine, bodiesOnServer };
}

describe('a user connection', () => {
  it('[R27] a write while the start finishes (engine running, not yet handed over) still reaches the server', async () => {
    const { opened, transport, startEngine, bodiesOnServer } = await openDevice();
    const engines: UserSync[] = [];
    let finishStart!: () => void;
    const connection = userConnection(opened, async (data) => {
      const started = startEngine(data);
      engines.push(started);
      // The app starts the audio uploads here, loading their chunk, before it hands the engine over.
      await new Promise<void>((resolve) => {
        finishStart = resolve;
      });
      return started;
    });
    const started = await vi.waitFor(() => {
      const [first] = engines;
      if (!first) throw new Error('the engine has not started yet');
      return first;
    });
    const tab = { engine: started.engine, transport } as unknown as TestTab;
    await settle([tab]);
    expect(started.engine.status.get().state).toBe('up_to_date');

    await connection.data.commands.createNote({ body: 'While audio uploads load' });
    finishStart();
    expect(await connection.sync).toBe(started);
    await settle([tab]);
    expect(bodiesOnServer()).toContain('While audio uploads load');
    connection.close();
  });

  it('sync failing to start keeps the journal: writes stay on the device and the error is reported', async () => {
    const { opened } = await openDevice();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new Error('supabase-js did not load');
    const connection = userConnection(opened, () => Promise.reject(failure));

    expect(await connection.sync).toBeNull();
    await connection.data.commands.createNote({ body: 'Still saved' });
    expect((await opened.db.notes.toArray()).map((note) => note.body)).toEqual(['Still saved']);
    expect(await opened.db.outbox.count()).toBe(1);
    expect(logged).toHaveBeenCalledWith(
      'Murmur could not start syncing; changes stay on this device',
      failure,
    );
    connection.close();
    expect(opened.db.isOpen()).toBe(false);
  });
});
