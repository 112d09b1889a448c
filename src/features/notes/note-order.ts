import type { Stored } from '../../db/entities/common.ts';
import type { Note } from '../../db/entities/note.ts';
import { parseHlc } from '../../db/hlc.ts';
import { newestFieldHlc } from '../../db/note-list-index.ts';

/**
 * When a note last changed: its newest field HLC (every local write and every pulled one stamps the
 * fields it changed, R10), so edits on another device count too. HLC strings compare as clocks.
 */
function noteChangedHlc(note: Stored<Note>): string {
  return newestFieldHlc(note._sync.hlc);
}

/** The change time in ms since the epoch, or the creation time for a note no write has stamped. */
export function noteChangedAt(note: Stored<Note>): number {
  const hlc = noteChangedHlc(note);
  return hlc === '' ? Date.parse(note.created_at) : parseHlc(hlc).ms;
}
