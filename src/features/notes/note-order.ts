import type { Stored } from '../../db/entities/common.ts';
import type { Note } from '../../db/entities/note.ts';
import { maxHlc, parseHlc } from '../../db/hlc.ts';

/**
 * When a note last changed: its newest field HLC (every local write and every pulled one stamps the
 * fields it changed, R10), so edits on another device count too. HLC strings compare as clocks.
 */
export function noteChangedHlc(note: Stored<Note>): string {
  return maxHlc(...Object.values(note._sync.hlc));
}

/** The change time in ms since the epoch, or the creation time for a note no write has stamped. */
export function noteChangedAt(note: Stored<Note>): number {
  const hlc = noteChangedHlc(note);
  return hlc === '' ? Date.parse(note.created_at) : parseHlc(hlc).ms;
}

/**
 * Pinned notes first, then the most recently changed; ties fall back to the id (stable across renders).
 * Every stored note carries HLCs (a create stamps all its fields), so comparing HLCs orders them all.
 */
export function orderNotes<T extends Stored<Note>>(notes: readonly T[]): T[] {
  const keyed = notes.map((note) => ({ note, changed: noteChangedHlc(note) }));
  keyed.sort((a, b) => {
    if (a.note.pinned !== b.note.pinned) return a.note.pinned ? -1 : 1;
    if (a.changed !== b.changed) return a.changed > b.changed ? -1 : 1;
    return a.note.id < b.note.id ? -1 : a.note.id > b.note.id ? 1 : 0;
  });
  return keyed.map((entry) => entry.note);
}
