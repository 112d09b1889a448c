import type { DBCore, DBCoreTable, Middleware } from 'dexie';

import type { RowSync } from './entities/common.ts';

/**
 * The notes list reads its rows in display order straight from IndexedDB (docs/adr/0097): each live
 * note carries, in its `_sync` bookkeeping, a key whose ascending order is the list's order and the
 * tags the tag filter offers. Both are derived from the row on every write, by the middleware below,
 * so no writer (commands, pull, reset, import, upgrade) can forget them. A deleted note has neither,
 * so IndexedDB leaves it out of both indexes.
 */
export const NOTE_ORDER_INDEX = '_sync.order';
export const NOTE_TAGS_INDEX = '_sync.liveTags';
export const NOTE_LIST_INDEX_MIDDLEWARE = 'NoteListIndex';

/** The fields the derived keys read. */
interface ListedNote {
  id: string;
  pinned?: boolean;
  tags?: readonly string[];
  deleted_at?: string | null;
  _sync: RowSync;
}

/** The newest of a row's field HLCs ('' when none): when it last changed here or anywhere (R10). */
export function newestFieldHlc(stamps: Readonly<Record<string, string>>): string {
  // A plain loop: this runs for every note the list orders and every note a pull writes.
  let newest = '';
  for (const field in stamps) {
    const stamp = stamps[field];
    if (stamp !== undefined && stamp > newest) newest = stamp;
  }
  return newest;
}

/** Each ASCII character code's turn: digits and lowercase hex digits reversed, every other one kept. */
const INVERTED = new Uint16Array(128).map((_, code) => code);
for (const [digits, inverse] of [
  ['0123456789', '9876543210'],
  ['abcdef', 'fedcba'],
] as const) {
  for (let i = 0; i < digits.length; i += 1) INVERTED[digits.charCodeAt(i)] = inverse.charCodeAt(i);
}

/**
 * An HLC turned so that ascending string order is newest first; the zero HLC sorts after all. By
 * character code, into one string at the end: a first sync turns ten thousand of them, and a string
 * grown a character at a time through a Map took four times as long.
 */
function newestFirst(hlc: string): string {
  if (hlc === '') return '~';
  const codes = new Array<number>(hlc.length);
  for (let i = 0; i < hlc.length; i += 1) {
    const code = hlc.charCodeAt(i);
    codes[i] = code < 128 ? (INVERTED[code] ?? code) : code;
  }
  return String.fromCharCode(...codes);
}

/**
 * The list's sort key: pinned before unpinned, then the most recently changed (the newest field HLC:
 * edits on any device count), then the id ascending. Both the list and its search read notes in this
 * order (docs/adr/0097, 0098). HLCs have one width, so the id that follows never decides between different clocks.
 */
export function noteOrderKey(note: ListedNote): string {
  return `${note.pinned ? '0' : '1'}${newestFirst(newestFieldHlc(note._sync.hlc))} ${note.id}`;
}

/** The row as stored: with the derived keys when it is live, without them when deleted. */
export function withNoteListKeys<T extends ListedNote>(note: T): T {
  const { order: _order, liveTags: _liveTags, ...sync } = note._sync;
  if (note.deleted_at != null) return { ...note, _sync: sync };
  return { ...note, _sync: { ...sync, order: noteOrderKey(note), liveTags: [...new Set(note.tags ?? [])] } };
}

function deriveOnWrite(table: DBCoreTable): DBCoreTable {
  return {
    ...table,
    mutate(request) {
      if (request.type !== 'add' && request.type !== 'put') return table.mutate(request);
      return table.mutate({
        ...request,
        values: request.values.map((value: ListedNote) => withNoteListKeys(value)),
      });
    },
  };
}

/** Dexie middleware: every note written gets its list keys (above Dexie's own, so live queries see them). */
export const noteListIndexMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: NOTE_LIST_INDEX_MIDDLEWARE,
  create: (down) => ({
    ...down,
    table: (name) => (name === 'notes' ? deriveOnWrite(down.table(name)) : down.table(name)),
  }),
};
