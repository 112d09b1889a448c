import type { Commands } from '../../db/commands/create-commands.ts';
import type { MurmurDatabase } from '../../db/schema.ts';

/**
 * What the notes screens need: the signed-in user's database (read with live queries) and the commands
 * (the only way to write). src/app passes its user data in; features do not reach into the app.
 */
export interface NotesData {
  userId: string;
  db: MurmurDatabase;
  commands: Commands;
}
