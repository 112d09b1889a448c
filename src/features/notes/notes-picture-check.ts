import type { Stored } from '../../db/entities/common.ts';
import type { Note } from '../../db/entities/note.ts';
import { NOTE_ORDER_INDEX } from '../../db/note-list-index.ts';
import { pictureRowHash, type PictureCheck } from '../../lib/first-paint/picture-check.ts';
import type { RowWindow } from './use-listed-notes.ts';

/**
 * What the next start must find for the notes list's picture to show (docs/adr/0107): the first notes
 * in the list index, exactly those on screen and in this order, each unchanged; none for the empty
 * list, which then must still be empty. Null when they cannot be named: the list is not at its top, has
 * not said which rows it shows, or has not read one of them yet.
 */
export function notesPictureCheck(
  database: string,
  total: number,
  noteAt: (index: number) => Stored<Note> | undefined,
  onScreen: RowWindow | null,
): PictureCheck | null {
  if (total > 0 && (onScreen === null || onScreen.start !== 0)) return null;
  const shown: Stored<Note>[] = [];
  for (let index = 0; index < Math.min(onScreen?.end ?? 0, total); index += 1) {
    const note = noteAt(index);
    if (!note) return null;
    shown.push(note);
  }
  return {
    database,
    reads: [{ store: 'notes', index: NOTE_ORDER_INDEX, hashes: shown.map(pictureRowHash) }],
  };
}
