import type { DbPorts } from '../ports.ts';
import type { MurmurDatabase } from '../schema.ts';
import { conflictCommands } from './conflict-commands.ts';
import { diaryCommands } from './diary-commands.ts';
import { encryptionCommands } from './encryption-commands.ts';
import { formDraftCommands } from './form-draft-commands.ts';
import { importCommands } from './import-commands.ts';
import { moodCommands } from './mood-commands.ts';
import { noteCommands } from './note-commands.ts';
import { purgeCommands } from './purge-commands.ts';
import { recorderCommands } from './recorder-commands.ts';
import { recordingCommands } from './recording-commands.ts';
import { settingsCommands } from './settings-commands.ts';
import { transcriptionJobCommands } from './transcription-job-commands.ts';

/**
 * Every way the app may change journal data. Each command writes the entity and its outbox row in one
 * transaction (R5); nothing else writes the entity tables except the sync engine's pull.
 */
export function createCommands(db: MurmurDatabase, ports: DbPorts) {
  const ctx = { db, ports };
  return {
    ...noteCommands(ctx),
    ...purgeCommands(ctx),
    ...diaryCommands(ctx),
    ...moodCommands(ctx),
    ...settingsCommands(ctx),
    ...recordingCommands(ctx),
    ...recorderCommands(ctx),
    ...transcriptionJobCommands(ctx),
    ...conflictCommands(ctx),
    ...importCommands(ctx),
    ...formDraftCommands(ctx),
    ...encryptionCommands(ctx),
  };
}

export type Commands = ReturnType<typeof createCommands>;
