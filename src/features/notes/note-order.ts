import type { Stored } from '../../db/entities/common.ts';
import type { Note } from '../../db/entities/note.ts';
import { parseHlc } from '../../db/hlc.ts';
import { newestFieldHlc } from '../../db/note-list-index.ts';

/**
 * When a note last changed: its newest field HLC (every local write and every pulled one stamps the
 * fields it changed, R10), so edits on another device count too. HLC strings compare as clocks.
 */
export function noteChangedHlc(note: Stored<Note>): string {
  return newestFieldHlc(note._sync.hlc);
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
  // Sorted as indices into parallel arrays: no object per note, and the comparator reads flat arrays.
  const count = notes.length;
  const pinned = new Uint8Array(count);
  const changed = new Array<string>(count);
  const ids = new Array<string>(count);
  const order = new Array<number>(count);
  for (let index = 0; index < count; index += 1) {
    const note = notes[index] as T;
    pinned[index] = note.pinned ? 1 : 0;
    changed[index] = noteChangedHlc(note);
    ids[index] = note.id;
    order[index] = index;
  }
  order.sort((a, b) => {
    const byPin = (pinned[b] ?? 0) - (pinned[a] ?? 0);
    if (byPin !== 0) return byPin;
    const changedA = changed[a] ?? '';
    const changedB = changed[b] ?? '';
    if (changedA !== changedB) return changedA > changedB ? -1 : 1;
    const idA = ids[a] ?? '';
    const idB = ids[b] ?? '';
    return idA < idB ? -1 : idA > idB ? 1 : 0;
  });
  return order.map((index) => notes[index] as T);
}
