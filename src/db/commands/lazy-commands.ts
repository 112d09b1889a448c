import type { DbPorts } from '../ports.ts';
import type { MurmurDatabase } from '../schema.ts';
import type { Commands } from './create-commands.ts';

/** The commands that answer at once with a new id; every other command writes and returns a promise. */
type IdCommand = 'newNoteId' | 'newDiaryEntryId';
type WriteCommand = Exclude<keyof Commands, IdCommand>;

/**
 * Every command that writes: each waits for the commands' code on its first call. A record, so a command
 * added to createCommands and not named here fails the type check.
 */
const WRITE_COMMANDS: Record<WriteCommand, true> = {
  createNote: true,
  updateNote: true,
  editNote: true,
  deleteNote: true,
  restoreNote: true,
  purgeNote: true,
  emptyNotesTrash: true,
  purgeDiaryEntry: true,
  createDiaryEntry: true,
  editDiaryEntry: true,
  updateDiaryEntry: true,
  deleteDiaryEntry: true,
  restoreDiaryEntry: true,
  createMoodEntry: true,
  updateMoodEntry: true,
  deleteMoodEntry: true,
  restoreMoodEntry: true,
  updateSettings: true,
  createRecording: true,
  markRecordingUploaded: true,
  updateRecordingTranscript: true,
  linkRecording: true,
  deleteRecording: true,
  startLocalRecording: true,
  appendAudioChunk: true,
  awaitConfirmation: true,
  keepRecording: true,
  discardLocalRecording: true,
  markInterruptedRecordings: true,
  removeLocalAudio: true,
  requeueInterruptedJobs: true,
  claimTranscriptionJob: true,
  deferTranscriptionJob: true,
  failTranscriptionJob: true,
  completeTranscriptionJob: true,
  retryTranscriptionJob: true,
  dismissConflict: true,
  keepUnwrittenWords: true,
  restoreConflict: true,
  importEntries: true,
  keepFormDraft: true,
  discardFormDraft: true,
  holdJournalKey: true,
  cloudTranscriptionAllowed: true,
  allowCloudTranscription: true,
  dropSealedRows: true,
  startResendingWrittenEntries: true,
  startTurningEncryptionOff: true,
  turningEncryptionOff: true,
  cancelTurningEncryptionOff: true,
  finishTurningEncryptionOff: true,
  resendingWrittenEntries: true,
  resendWrittenEntries: true,
  startResealingAudio: true,
  startUnsealingAudio: true,
};

type AnyCommand = (...args: unknown[]) => unknown;

/**
 * The user's commands, whose code (the entity schemas and zod, the merge, every command) loads on the
 * first write rather than with the database: reading the journal needs none of it, so the first screen
 * does not wait for it. The id commands answer at once, as createCommands' do, from the same ports.
 */
export function lazyCommands(db: MurmurDatabase, ports: DbPorts): Commands {
  let loading: Promise<Commands> | undefined;
  const load = (): Promise<Commands> => {
    if (!loading) {
      loading = import('./create-commands.ts').then(({ createCommands }) => createCommands(db, ports));
      // A load that failed (offline before the chunk was cached) is tried again by the next command.
      loading.catch(() => (loading = undefined));
    }
    return loading;
  };
  const commands: Record<string, unknown> = {
    newNoteId: () => ports.ids.next(),
    newDiaryEntryId: () => ports.ids.next(),
  };
  for (const name of Object.keys(WRITE_COMMANDS) as WriteCommand[])
    commands[name] = async (...args: unknown[]) => ((await load())[name] as AnyCommand)(...args);
  return commands as Commands;
}
