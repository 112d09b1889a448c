import type { Stored } from '../../db/entities/common.ts';
import type { Note } from '../../db/entities/note.ts';
import { NOTE_ORDER_INDEX } from '../../db/note-list-index.ts';
import type { MurmurDatabase } from '../../db/schema.ts';
import { watchTables } from '../../db/watch-tables.ts';
import { NoteSearchIndex } from './note-search-index.ts';

/** What a search or tag leaves of the notes list: the matching notes' ids, in list order. */
export interface FilteredNoteIds {
  ids: string[];
  /** Live notes in all, so the list can tell "no notes yet" from "nothing matches". */
  total: number;
}

interface IndexedNotes {
  notes: readonly Stored<Note>[];
  index: NoteSearchIndex;
}

/**
 * The notes list's search and tag filter over every live note in list order (docs/adr/0098). It holds
 * the notes it last read with their search index (note-search-index.ts, built from each note's folded
 * words, folded once and kept), so a keystroke costs a look-up, not a pass over every note's text. A
 * change to the notes only marks them stale: they are read and indexed again when the next filter is
 * asked, so a sync writing thousands of notes while nobody searches costs no reads here. It runs in the
 * notes filter worker, or on the main thread where no worker can load.
 */
export class NotesFilter {
  private notes: Promise<IndexedNotes> | null = null;
  private readonly db: MurmurDatabase;

  constructor(db: MurmurDatabase) {
    this.db = db;
  }

  /** The notes changed: the next filter reads them again. */
  invalidate(): void {
    this.notes = null;
  }

  /** Reads the notes now, so the first filter does not wait for them. */
  warm(): void {
    this.read().catch((error: unknown) => console.error('Reading the notes to filter them failed', error));
  }

  async filter(query: string, tag: string): Promise<FilteredNoteIds> {
    const { notes, index } = await this.read();
    const ids: string[] = [];
    for (const position of index.search(query)) {
      const note = notes[position] as Stored<Note>;
      if (tag === '' || note.tags.includes(tag)) ids.push(note.id);
    }
    return { ids, total: notes.length };
  }

  private read(): Promise<IndexedNotes> {
    // The list index holds live notes only, in list order (docs/adr/0097): nothing deleted is read.
    const reading = (this.notes ??= this.db.notes
      .orderBy(NOTE_ORDER_INDEX)
      .toArray()
      .then((notes) => ({ notes, index: new NoteSearchIndex(notes) })));
    // A failed read is not kept: the next filter tries again.
    reading.catch(() => {
      if (this.notes === reading) this.notes = null;
    });
    return reading;
  }
}

/** Changes closer together than this are told once. */
const CHANGES_COALESCED_MS = 100;

/**
 * Calls `onChange` after the user's notes change, here or in any other tab or worker of the origin
 * (Dexie tells every context), at most once per 100 ms: a sync writes notes in many small batches.
 */
export function watchNoteChanges(db: MurmurDatabase, onChange: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = watchTables(db, ['notes'], () => {
    timer ??= setTimeout(() => {
      timer = undefined;
      onChange();
    }, CHANGES_COALESCED_MS);
  });
  return () => {
    stop();
    clearTimeout(timer);
  };
}
