import type { DiaryEntry } from '../../../db/entities/diary-entry.ts';
import type { MoodEntry } from '../../../db/entities/mood-entry.ts';
import type { Note } from '../../../db/entities/note.ts';
import { dayOf } from '../../../lib/dates/day.ts';

/** JSON strings are valid YAML double-quoted scalars, so user text cannot break the front matter. */
const yaml = (value: string) => JSON.stringify(value);
const yamlList = (values: readonly (string | number)[]) =>
  `[${values.map((v) => (typeof v === 'number' ? String(v) : yaml(v))).join(', ')}]`;

function document(front: [string, string][], title: string, body: string): string {
  const lines = ['---', ...front.map(([key, value]) => `${key}: ${value}`), '---', ''];
  if (title) lines.push(`# ${title}`, '');
  return `${lines.join('\n')}\n${body}\n`;
}

export function noteMarkdown(note: Note): string {
  return document(
    [
      ['id', yaml(note.id)],
      ['type', 'note'],
      ['title', yaml(note.title)],
      ['created', yaml(note.created_at)],
      ['tags', yamlList(note.tags)],
      ['pinned', String(note.pinned)],
    ],
    note.title,
    note.body,
  );
}

/** `moods` are the check-ins of the same day; their levels (1 awful … 5 great) go in the front matter. */
export function diaryMarkdown(entry: DiaryEntry, moods: readonly MoodEntry[]): string {
  const levels = moods
    .filter((m) => m.deleted_at === null && dayOf(m.moment, m.time_zone) === entry.day)
    .sort((a, b) => (a.moment < b.moment ? -1 : 1))
    .map((m) => m.level);
  const activities = [
    ...new Set(moods.filter((m) => dayOf(m.moment, m.time_zone) === entry.day).flatMap((m) => m.activities)),
  ];
  return document(
    [
      ['id', yaml(entry.id)],
      ['type', 'diary'],
      ['title', yaml(entry.title)],
      ['day', yaml(entry.day)],
      ['time_zone', yaml(entry.time_zone)],
      ['created', yaml(entry.created_at)],
      ['mood', yamlList(levels)],
      ['tags', yamlList(activities)],
    ],
    entry.title,
    entry.body,
  );
}

/** A file name that sorts by date and is safe on every file system. */
export function markdownPath(folder: string, day: string, id: string): string {
  return `${folder}/${day}-${id.replace(/[^A-Za-z0-9-]/g, '_')}.md`;
}
