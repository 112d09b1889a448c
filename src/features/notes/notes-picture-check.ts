import type { Stored } from '../../db/entities/common.ts';
import type { Note } from '../../db/entities/note.ts';
import { NOTE_ORDER_INDEX } from '../../db/note-list-index.ts';
import { pictureRowHash, type PictureCheck } from '../../lib/first-paint/picture-check.ts';

/**
 * What the next start must find for the notes list's picture to show (docs/adr/0107): the first notes
 * in the list index, exactly these and in this order, each unchanged. `shown` are the notes the
 * picture shows, from the top of the list; none for the empty list, which then must still be empty.
 */
export function notesPictureCheck(database: string, shown: readonly Stored<Note>[]): PictureCheck {
  return {
    database,
    reads: [{ store: 'notes', index: NOTE_ORDER_INDEX, hashes: shown.map(pictureRowHash) }],
  };
}
