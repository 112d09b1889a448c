import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';

import { createCommands } from '../../db/commands/create-commands.ts';
import { openUserDatabase } from '../../db/open-user-database.ts';
import { createTestIds } from '../../testing/sync/test-ids.ts';
import { countPendingChanges, exportPendingChanges } from './pending-changes.ts';

const clock = { now: () => Date.UTC(2026, 10, 22, 6), timeZone: () => 'UTC' };
const USER = '0000000a-0000-7000-8000-0000000000a1';

describe('unsynced changes at sign-out', () => {
  it('counts every queued change and exports each touched entity once, as it is now', async () => {
    const db = await openUserDatabase(USER, { indexedDB: new IDBFactory(), IDBKeyRange });
    const commands = createCommands(db, { clock, ids: createTestIds(7) });
    expect(await countPendingChanges(db)).toBe(0);

    const noteId = await commands.createNote({ title: 'Sea' });
    await commands.updateSettings({ default_note_font: 'Inter' });
    await commands.updateSettings({ preferred_theme: 'dark' });
    const changes = await countPendingChanges(db);
    expect(changes).toBe(await db.outbox.count());
    expect(changes).toBeGreaterThanOrEqual(3);

    const exported = await exportPendingChanges(db, '2026-11-22T06:00:00.000Z');
    expect(exported).toMatchObject({
      format: 'murmur-pending-changes',
      version: 1,
      user_id: USER,
      exported_at: '2026-11-22T06:00:00.000Z',
      change_count: changes,
    });
    expect(exported.entities.map(({ table, id }) => `${table}/${id}`)).toEqual([
      `notes/${noteId}`,
      `user_settings/${USER}`,
    ]);
    const settings = exported.entities[1]?.entity;
    expect(settings).toMatchObject({ default_note_font: 'Inter', preferred_theme: 'dark' });
    expect(settings).not.toHaveProperty('_sync');
    db.close();
  });
});
