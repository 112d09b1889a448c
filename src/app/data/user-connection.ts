import type { UserSync } from './start-user-sync.ts';
import type { UserConnection } from './user-data-backend.ts';
import type { UserData } from '../../lib/user-data/user-data-context.ts';

/**
 * Puts an open database and its engine (if any) together: screens get the commands that notify the
 * engine, and closing stops the engine before the database it reads goes away.
 */
export function userConnection(data: UserData, sync: UserSync | null): UserConnection {
  return {
    data: sync ? { ...data, commands: sync.commands } : data,
    sync,
    close() {
      sync?.dispose();
      data.db.close();
    },
  };
}
