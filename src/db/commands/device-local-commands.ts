import type { Commands } from './create-commands.ts';

/**
 * Commands that write only this device's own stores (recorder state and audio, the transcription
 * queue, form drafts) or nothing (a draft's id), and never queue a change: sync has nothing to send after them, so they do not
 * ask it to run (a recording appends audio every few seconds). A command missing here costs a sync
 * run that finds nothing to send, never a lost change.
 */
export const deviceLocalCommands: ReadonlySet<keyof Commands> = new Set<keyof Commands>([
  'startLocalRecording',
  'appendAudioChunk',
  'awaitConfirmation',
  'discardLocalRecording',
  'markInterruptedRecordings',
  'removeLocalAudio',
  'requeueInterruptedJobs',
  'claimTranscriptionJob',
  'deferTranscriptionJob',
  'failTranscriptionJob',
  'completeTranscriptionJob',
  'retryTranscriptionJob',
  'keepFormDraft',
  'discardFormDraft',
  'keepUnwrittenWords',
  'newNoteId',
  'newDiaryEntryId',
  'startResendingWrittenEntries',
  'resendingWrittenEntries',
  'cloudTranscriptionAllowed',
  'allowCloudTranscription',
  'dropSealedRows',
]);
