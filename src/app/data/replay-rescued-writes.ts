import { ZodError } from 'zod';

import type { Commands } from '../../db/commands/create-commands.ts';
import type { DiaryFields } from '../../db/commands/diary-commands.ts';
import type { NoteFields } from '../../db/commands/note-commands.ts';
import { EntityExistsError, EntityNotFoundError } from '../../db/commands/change-errors.ts';
import { rescuedWrites } from '../../lib/drafts/read-rescued-writes.ts';
import { rescuePrefix, type RescuedWrite } from '../../lib/drafts/rescued-writes.ts';

type RescueCommands = Pick<
  Commands,
  | 'createNote'
  | 'editNote'
  | 'createDiaryEntry'
  | 'editDiaryEntry'
  | 'keepFormDraft'
  | 'discardFormDraft'
  | 'keepUnwrittenWords'
>;

/** Keeps an editor's words that can no longer be written as a conflict (R39); false for other rescues. */
async function keepAside(commands: RescueCommands, write: RescuedWrite, error: unknown): Promise<boolean> {
  if (write.kind === 'form-draft') return false;
  const table = write.kind === 'diary-entry' || write.kind === 'new-diary-entry' ? 'diary_entries' : 'notes';
  const words = write.kind === 'new-note' || write.kind === 'new-diary-entry' ? write.fields : write.patch;
  const why = error instanceof Error ? error.message : String(error);
  await commands.keepUnwrittenWords(table, write.id, words, `kept from a closed page: ${why}`);
  return true;
}

/**
 * An editor's words go through the editor's own save (R37–R39): merged with what was stored meanwhile,
 * and kept in the entry even if it was deleted since.
 */
async function apply(commands: RescueCommands, write: RescuedWrite): Promise<void> {
  switch (write.kind) {
    case 'note':
      await commands.editNote(write.id, write.patch as Partial<NoteFields>, write.seen ?? {});
      return;
    case 'new-note':
      await createOrFill(commands, write.id, write.fields as Partial<NoteFields>);
      return;
    case 'new-diary-entry':
      await createOrFillDiaryEntry(commands, write.id, write.fields as NewDiaryEntryFields);
      return;
    case 'diary-entry':
      await commands.editDiaryEntry(write.id, write.patch as Partial<DiaryFields>, write.seen ?? {});
      return;
    case 'form-draft':
      if (write.value === null) await commands.discardFormDraft(write.key);
      else await commands.keepFormDraft(write.key, write.value);
  }
}

/** A new note's words: its create, or, where the create landed before the page closed, an edit of it. */
async function createOrFill(commands: RescueCommands, id: string, fields: Partial<NoteFields>) {
  try {
    await commands.createNote(fields, id);
  } catch (error) {
    if (!(error instanceof EntityExistsError)) throw error;
    await commands.editNote(id, fields, {});
  }
}

type NewDiaryEntryFields = Parameters<RescueCommands['createDiaryEntry']>[0];

/** A new diary entry's words: its create, or, where the create landed before the page closed, an edit. */
async function createOrFillDiaryEntry(commands: RescueCommands, id: string, fields: NewDiaryEntryFields) {
  try {
    await commands.createDiaryEntry(fields, id);
  } catch (error) {
    if (!(error instanceof EntityExistsError)) throw error;
    const { day: _day, time_zone: _timeZone, ...words } = fields;
    await commands.editDiaryEntry(id, words, {});
  }
}

/**
 * A failure no later attempt can change: the entry does not exist on this device, or the fields do
 * not fit it. A deleted entry is no such failure: the words are kept in it, in the trash (R39).
 * Anything else (the database closing, storage full) leaves the rescue for the next start.
 */
function isPermanent(error: unknown): boolean {
  return error instanceof EntityNotFoundError || error instanceof ZodError;
}

/**
 * Writes `userId`'s rescued words (rescued-writes.ts) through the commands, oldest first, and removes
 * each once written. Returns how many were written.
 */
export async function replayRescuedWrites(
  userId: string,
  commands: RescueCommands,
  storage: Storage = localStorage,
): Promise<number> {
  let written = 0;
  for (const rescue of rescuedWrites(userId, storage)) {
    // Another tab of the same user may have written it meanwhile.
    if (storage.getItem(rescue.key) === null) continue;
    try {
      await apply(commands, rescue.write);
      storage.removeItem(rescue.key);
      written += 1;
    } catch (error) {
      if (isPermanent(error)) {
        console.error(`Murmur could not write words kept from a closed page, and set them aside`, error);
        try {
          await keepAside(commands, rescue.write, error);
          storage.removeItem(rescue.key);
        } catch (keeping) {
          console.error(
            'Murmur could not set aside words kept from a closed page; it will try again',
            keeping,
          );
        }
      } else
        console.error('Murmur could not yet write words kept from a closed page; it will try again', error);
    }
  }
  return written;
}

/**
 * Replays a rescue as soon as another tab of the same user leaves one (the storage event), so an open
 * tab shows the words a closing tab had not saved, rather than offering older text to edit over them.
 * Replays run one after another. Returns the function that stops watching.
 */
export function watchRescuedWrites(
  userId: string,
  commands: RescueCommands,
  storage: Storage = localStorage,
): () => void {
  const prefix = rescuePrefix(userId);
  let queue = Promise.resolve();
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== storage || event.newValue === null || !event.key?.startsWith(prefix)) return;
    queue = queue
      .then(() => replayRescuedWrites(userId, commands, storage))
      .then(
        () => undefined,
        (error: unknown) => console.error('Murmur could not read words kept from a closed page', error),
      );
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
