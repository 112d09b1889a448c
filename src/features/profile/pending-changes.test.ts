import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';

import { createCommands } from '../../db/commands/create-commands.ts';
import { openUserDatabase } from '../../db/open-user-database.ts';
import { createTestIds } from '../../testing/sync/test-ids.ts';
import { ARCHIVE_JSON_PATH, type MurmurArchive } from '../export/index.ts';
import { exportJournal } from '../export/index.ts';
import { countPendingChanges } from './pending-changes.ts';

const clock = { now: () => Date.UTC(2026, 10, 22, 6), timeZone: () => 'UTC' };
const USER = '0000000a-0000-7000-8000-0000000000a1';

describe('unsynced changes at sign-out', () => {
  it('are counted, and the journal archive offered then holds them as they are now', async () => {
    const db = await openUserDatabase(USER, { indexedDB: new IDBFactory(), IDBKeyRange });
    const commands = createCommands(db, { clock, ids: createTestIds(7) });
    expect(await countPendingChanges(db)).toBe(0);

    const noteId = await commands.createNote({ title: 'Sea' });
    await commands.updateSettings({ default_note_font: 'Inter' });
    await commands.updateSettings({ preferred_theme: 'dark' });
    const changes = await countPendingChanges(db);
    expect(changes).toBe(await db.outbox.count());
    expect(changes).toBeGreaterThanOrEqual(3);

    const { blob: zip } = await exportJournal(db, new Date(clock.now()), null);
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    const archive = JSON.parse(strFromU8(files[ARCHIVE_JSON_PATH] ?? new Uint8Array())) as MurmurArchive;
    expect(archive.notes).toEqual([expect.objectContaining({ id: noteId, title: 'Sea' })]);
    expect(archive.settings).toMatchObject({ default_note_font: 'Inter', preferred_theme: 'dark' });
    db.close();
  });
});
