import { createCommands } from '../../db/commands/create-commands.ts';
import { openUserDatabase } from '../../db/open-user-database.ts';
import { realClock, realIds } from '../../sync/real-ports.ts';
import type { UserData } from '../../lib/user-data/user-data-context.ts';

/** Opens a user's database with the real clock and ids. Loaded lazily: Dexie is not needed to paint. */
export async function openUserData(userId: string): Promise<UserData> {
  const db = await openUserDatabase(userId);
  return { userId, db, commands: createCommands(db, { clock: realClock, ids: realIds }) };
}
