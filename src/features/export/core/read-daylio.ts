import type { ImportRow } from '../../../db/commands/import-commands.ts';
import { moodEntrySchema } from '../../../db/entities/mood-entry.ts';
import { parseCsv } from './csv.ts';
import { ImportFileError, type ImportProblem } from './import-error.ts';
import type { ImportPlan } from './import-plan.ts';
import { DAYLIO_NAMESPACE, uuidV5 } from './stable-id.ts';
import { wallTimeToInstant } from '../../../lib/dates/time-zone.ts';

/** The column layouts of Daylio's CSV export (older exports have no note_title). */
const DAYLIO_HEADERS = [
  ['full_date', 'date', 'weekday', 'time', 'mood', 'activities', 'note_title', 'note'],
  ['full_date', 'date', 'weekday', 'time', 'mood', 'activities', 'note'],
];

/** Daylio's five default moods onto Murmur's five levels (1 awful … 5 great). */
const DAYLIO_MOODS: Record<string, number> = { rad: 5, good: 4, meh: 3, bad: 2, awful: 1 };

function parseTime(text: string): { hour: number; minute: number } | null {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?\s*([ap]\.?m\.?)?$/i.exec(text.trim());
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = Number(match[2]);
  const meridiem = match[3]?.toLowerCase().replace(/\./g, '');
  if (meridiem === 'pm' && hour < 12) hour += 12;
  if (meridiem === 'am' && hour === 12) hour = 0;
  return hour < 24 && minute < 60 ? { hour, minute } : null;
}

/**
 * A Daylio CSV export: each row a mood check-in at its date and time in `timeZone` (Daylio keeps no
 * zone). The id is derived from the row's content, so a second import of the same file adds nothing.
 */
export async function readDaylio(text: string, timeZone: string): Promise<ImportPlan> {
  let table: string[][];
  try {
    table = parseCsv(text);
  } catch (error) {
    throw new ImportFileError('truncated', error instanceof Error ? error.message : String(error));
  }
  const header = (table[0] ?? []).map((name) => name.trim().toLowerCase());
  const layout = DAYLIO_HEADERS.find(
    (h) => h.length === header.length && h.every((name, i) => header[i] === name),
  );
  if (!layout) throw new ImportFileError('csvColumns', header.join(','));
  const col = (row: string[], name: string) => row[layout.indexOf(name)]?.trim() ?? '';

  const rows: ImportRow[] = [];
  const problems: ImportProblem[] = [];
  for (const [index, row] of table.slice(1).entries()) {
    const record = { kind: 'row', number: index + 2 } as const;
    if (row.length !== layout.length) {
      problems.push({ record, code: 'fieldCount', values: { found: row.length, expected: layout.length } });
      continue;
    }
    const day = col(row, 'full_date');
    const time = parseTime(col(row, 'time'));
    const moodName = col(row, 'mood').toLowerCase();
    const level = DAYLIO_MOODS[moodName];
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !time) {
      problems.push({ record, code: 'badDateTime', detail: `${day} ${col(row, 'time')}` });
      continue;
    }
    if (level === undefined) {
      problems.push({ record, code: 'unknownMood', values: { mood: col(row, 'mood') } });
      continue;
    }
    const activities = [
      ...new Set(
        col(row, 'activities')
          .split('|')
          .map((a) => a.trim())
          .filter(Boolean),
      ),
    ];
    const noteTitle = layout.includes('note_title') ? col(row, 'note_title') : '';
    const noteBody = col(row, 'note').replace(/<br\s*\/?>/gi, '\n');
    const note = [noteTitle, noteBody].filter(Boolean).join('\n\n');
    const moment = wallTimeToInstant(day, time.hour, time.minute, timeZone);
    const parsed = moodEntrySchema.safeParse({
      id: await uuidV5(
        DAYLIO_NAMESPACE,
        [day, col(row, 'time'), moodName, activities.join('|'), note].join('\u241f'),
      ),
      moment,
      time_zone: timeZone,
      level,
      activities,
      note,
      created_at: moment,
      deleted_at: null,
    });
    if (parsed.success) rows.push({ table: 'mood_entries', row: parsed.data });
    else
      problems.push({
        record,
        code: 'invalid',
        detail: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
      });
  }
  return { source: 'daylio', rows, settings: null, problems };
}
