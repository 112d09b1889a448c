import { createContext } from 'react';

import type { Commands } from '../../db/commands/create-commands.ts';
import type { MurmurDatabase } from '../../db/schema.ts';

/**
 * The signed-in user's local data: their own IndexedDB database (ADR 0020) and the named commands
 * that are the only way screens write to it (R5). `null` for visitors and while the database opens.
 */
export interface UserData {
  userId: string;
  db: MurmurDatabase;
  commands: Commands;
}

export const UserDataContext = createContext<UserData | null>(null);
