import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';

import { createCommands } from '../db/commands/create-commands.ts';
import { openUserDatabase } from '../db/open-user-database.ts';
import { createTestIds } from './sync/test-ids.ts';

/** A fresh user database with its commands, on its own fake IndexedDB (tests only). */
export async function openTestJournal(userId: string, idPrefix: number, timeZone = 'Europe/Berlin') {
  const db = await openUserDatabase(userId, { indexedDB: new IDBFactory(), IDBKeyRange });
  let now = Date.UTC(2026, 10, 22, 8, 0, 0);
  const clock = { now: () => (now += 1000), timeZone: () => timeZone };
  return { db, commands: createCommands(db, { clock, ids: createTestIds(idPrefix) }) };
}

export const TEST_LOOK = { font: 'Montserrat', color: '#f3e8ff', font_size: 16 };
