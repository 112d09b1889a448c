import type { FilteredNoteIds } from './notes-filter.ts';

export type NotesFilterRequest =
  { type: 'open'; userId: string } | { type: 'filter'; id: number; query: string; tag: string };

export type NotesFilterReply =
  /** The notes changed (or were read for the first time): a filter shown should be asked again. */
  | { type: 'changed' }
  | { type: 'filtered'; id: number; result: FilteredNoteIds }
  | { type: 'failed'; message: string };
