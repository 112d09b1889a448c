import type { Stored } from '../../db/entities/common.ts';
import type { DiaryEntry } from '../../db/entities/diary-entry.ts';
import type { MoodEntry } from '../../db/entities/mood-entry.ts';
import type { Note } from '../../db/entities/note.ts';
import { dayOf } from '../../lib/dates/day.ts';

export type JournalKind = 'note' | 'diary' | 'mood';

/** What search indexes of one entry. A locked note gives its title and tags only, never its body. */
export interface JournalDocument {
  id: string;
  kind: JournalKind;
  entryId: string;
  title: string;
  body: string;
  tags: string;
  /** The entry's day (diary), moment (mood) or creation time (note), for the result line. */
  when: string;
  /** The day the entry belongs to, in its own time zone (mood), for the link to that day. */
  day: string;
}

export function noteDocument(note: Stored<Note>): JournalDocument {
  return {
    id: `note:${note.id}`,
    kind: 'note',
    entryId: note.id,
    title: note.title,
    body: note.locked ? '' : note.body,
    tags: note.tags.join(' '),
    when: note.created_at,
    day: note.created_at.slice(0, 10),
  };
}

export function diaryDocument(entry: Stored<DiaryEntry>): JournalDocument {
  return {
    id: `diary:${entry.id}`,
    kind: 'diary',
    entryId: entry.id,
    title: entry.title,
    body: entry.body,
    tags: '',
    when: entry.day,
    day: entry.day,
  };
}

export function moodDocument(entry: Stored<MoodEntry>): JournalDocument {
  return {
    id: `mood:${entry.id}`,
    kind: 'mood',
    entryId: entry.id,
    title: '',
    body: entry.note,
    tags: entry.activities.join(' '),
    when: entry.moment,
    day: dayOf(entry.moment, entry.time_zone),
  };
}

/** The same document twice: nothing to re-index. */
export function sameDocument(a: JournalDocument, b: JournalDocument): boolean {
  return a.title === b.title && a.body === b.body && a.tags === b.tags && a.when === b.when;
}
