import { useCallback, useState } from 'react';

import type { Stored } from '../../db/entities/common.ts';
import type { Note } from '../../db/entities/note.ts';
import { NOTE_ORDER_INDEX } from '../../db/note-list-index.ts';
import type { MurmurDatabase } from '../../db/schema.ts';
import { usePacedLiveQuery } from '../../lib/live-query/use-paced-live-query.ts';

/** Rows [start, end) of the list: those it shows, or a block read. */
export interface RowWindow {
  start: number;
  end: number;
}

/** Rows are read in blocks of this many, so scrolling within a block reads nothing. */
const NOTES_BLOCK = 50;

/** The blocks that cover `rows`: one block at least, from the top before the list has measured. */
function blockFor(rows: RowWindow): RowWindow {
  const start = Math.floor(rows.start / NOTES_BLOCK) * NOTES_BLOCK;
  const end = Math.max(start + NOTES_BLOCK, Math.ceil(rows.end / NOTES_BLOCK) * NOTES_BLOCK);
  return { start, end };
}

export interface ListedNotes {
  /** Live notes in all. */
  total: number;
  /** The note at a place in the list, if its block has been read. */
  noteAt: (index: number) => Stored<Note> | undefined;
  /** Tells which rows the list shows; a new block is read when they leave the one held. */
  onRowsWanted: (rows: RowWindow) => void;
  /** The ids the rows were read for (undefined when read from the list index). */
  readFor: readonly string[] | undefined;
}

/**
 * The live notes in list order, read a block at a time (docs/adr/0097): the count and the rows around
 * the viewport, never all ten thousand. Without `ids` the rows come from the list index; with them
 * (a search's matches, already in list order, docs/adr/0098) the block's ids are read by key. Each change
 * to the notes reads the block again, paced (src/db/paced-live-query.ts), which is what keeps a list on
 * screen cheap while a sync writes thousands of rows. While a new block is read the last one stays, so the rows both hold do not blink.
 * Undefined until the first read.
 */
export function useListedNotes(
  db: MurmurDatabase,
  ids?: readonly string[],
  onFirstRead?: () => void,
): ListedNotes | undefined {
  const [block, setBlock] = useState<RowWindow>({ start: 0, end: NOTES_BLOCK });
  const listed = usePacedLiveQuery(
    db,
    ['notes'],
    async () => {
      const [total, notes] = ids
        ? [ids.length, await readByIds(db, ids.slice(block.start, block.end))]
        : await Promise.all([
            countLiveNotes(db),
            db.notes
              .orderBy(NOTE_ORDER_INDEX)
              .offset(block.start)
              .limit(block.end - block.start)
              .toArray(),
          ]);
      onFirstRead?.();
      return { total, start: block.start, notes, readFor: ids };
    },
    [ids, block.start, block.end],
  );
  const onRowsWanted = useCallback((rows: RowWindow) => {
    setBlock((held) => {
      const next = blockFor(rows);
      return next.start === held.start && next.end === held.end ? held : next;
    });
  }, []);
  const noteAt = useCallback(
    (index: number) => (listed && index >= listed.start ? listed.notes[index - listed.start] : undefined),
    [listed],
  );
  if (!listed) return undefined;
  return { total: listed.total, noteAt, onRowsWanted, readFor: listed.readFor };
}

/**
 * Live notes: every note but the deleted ones, which are the only rows in the `deleted_at` index
 * (IndexedDB leaves a null key out). IndexedDB counts row by row, and counting the list index took
 * about five times as long as counting the store (37 against 8 ms for 10,000 notes on one machine):
 * on every commit of a first sync's pull, and each commit's next transaction waits for the count.
 */
async function countLiveNotes(db: MurmurDatabase): Promise<number> {
  const [all, deleted] = await Promise.all([db.notes.count(), db.notes.orderBy('deleted_at').count()]);
  return all - deleted;
}

/**
 * The notes with these ids, in the same order; a note deleted since the ids were found is a gap (a
 * placeholder row) until the filter answers again.
 */
async function readByIds(db: MurmurDatabase, ids: readonly string[]): Promise<(Stored<Note> | undefined)[]> {
  const notes = await db.notes.bulkGet([...ids]);
  return notes.map((note) => (note?.deleted_at === null ? note : undefined));
}
