import type { Commands } from '../../../db/commands/create-commands.ts';
import type { UserSettings } from '../../../db/entities/user-settings.ts';
import type { TranscriptionJob } from '../../../db/entities/voice-local.ts';
import type { MurmurDatabase } from '../../../db/schema.ts';
import type { TranscriptResult } from '../transcription/transcription-transport.ts';
import { openTranscriptTarget, targetKey } from './transcript-targets.ts';

export interface DeliveryPorts {
  db: MurmurDatabase;
  commands: Pick<
    Commands,
    | 'createNote'
    | 'createDiaryEntry'
    | 'updateNote'
    | 'updateDiaryEntry'
    | 'updateMoodEntry'
    | 'linkRecording'
  >;
  settings: () => Pick<UserSettings, 'copy_on_transcription' | 'paste_after_transcription'>;
  /** The title of a note made from a recording, e.g. 'Voice note 22 Nov 2026, 09:14'. */
  noteTitle: () => string;
  copy: (text: string) => Promise<void>;
  logError: (message: string, error: unknown) => void;
}

/** Joins a transcript to text already there: a new paragraph after a full one, nothing before an empty one. */
export function appendTranscript(existing: string, text: string): string {
  if (existing.trim() === '') return text;
  return `${existing.replace(/\s+$/, '')}\n\n${text}`;
}

/**
 * Puts a finished transcript where the user asked for it: a new note, a new diary entry for the day,
 * or the field they were editing (through its editor while open: at the cursor when
 * paste_after_transcription is on, else at the end; appended by command when no editor is open). Copies it to the clipboard when copy_on_transcription is on; a refused
 * clipboard is reported, never fatal.
 */
export function transcriptDelivery(ports: DeliveryPorts) {
  return async (job: TranscriptionJob, transcript: TranscriptResult): Promise<void> => {
    const text = transcript.text.trim();
    const settings = ports.settings();
    const destination = job.destination;
    if (text !== '') {
      if (destination.kind === 'new_note') {
        const id = await ports.commands.createNote({ title: ports.noteTitle(), body: text });
        await ports.commands.linkRecording(job.recording_id, 'notes', id);
      } else if (destination.kind === 'new_diary_entry') {
        const id = await ports.commands.createDiaryEntry({ day: destination.day, body: text });
        await ports.commands.linkRecording(job.recording_id, 'diary_entries', id);
      } else {
        const insert = openTranscriptTarget(targetKey(destination.table, destination.id, destination.field));
        if (insert) insert(text, settings.paste_after_transcription);
        else await appendToField(ports, destination, text);
      }
    }
    if (settings.copy_on_transcription && text !== '') {
      await ports
        .copy(text)
        .catch((error: unknown) => ports.logError('Copying the transcript failed', error));
    }
  };
}

async function appendToField(
  ports: DeliveryPorts,
  destination: Extract<TranscriptionJob['destination'], { kind: 'field' }>,
  text: string,
): Promise<void> {
  const row = (await ports.db.table(destination.table).get(destination.id)) as
    Record<string, unknown> | undefined;
  if (!row) throw new Error(`The ${destination.table} entry this recording belongs to is gone`);
  const current = typeof row[destination.field] === 'string' ? (row[destination.field] as string) : '';
  const patch = { [destination.field]: appendTranscript(current, text) };
  if (destination.table === 'notes') await ports.commands.updateNote(destination.id, patch);
  else if (destination.table === 'diary_entries')
    await ports.commands.updateDiaryEntry(destination.id, patch);
  else await ports.commands.updateMoodEntry(destination.id, patch);
}
