import { describe, expect, it } from 'vitest';

import { createTestWorld, TEST_USER } from '../testing/sync/test-world.ts';
import { settle } from '../testing/sync/test-device.ts';

describe('sync engine, two devices', () => {
  it('[R3][R13] a note written on one device appears on the other', async () => {
    const world = createTestWorld();
    const a = await world.tab(world.device());
    const b = await world.tab(world.device());
    a.engine.start();
    b.engine.start();
    const id = await a.commands.createNote({ title: 'Walk', body: 'By the river' });
    a.engine.notifyLocalWrite();
    await settle([a, b]);
    b.engine.notifyFocus();
    await settle([a, b]);
    const note = await b.db.notes.get(id);
    expect(note).toMatchObject({ title: 'Walk', body: 'By the river', deleted_at: null });
    expect(await a.db.outbox.count()).toBe(0);
    expect(a.engine.status.get()).toMatchObject({ state: 'up_to_date', pending: 0 });
    expect(world.server.rows(TEST_USER).map((r) => r.id)).toContain(id);
  });
});
