import { randomUUID } from 'node:crypto';

import type { SyncedTable } from '../../../src/db/entities/entity-tables.ts';

/** One entry as another device wrote it: its table and every field of its row. */
export interface JournalRow {
  table: Extract<SyncedTable, 'notes' | 'diary_entries' | 'mood_entries'>;
  row: Record<string, unknown> & { id: string };
}

/** The notes list bench's words, so its searches (note-searches.ts) find notes here too. */
const WORDS = ['café', 'garden', 'meeting', 'groceries', 'travel', 'lisbon', 'dream', 'morning', 'walk'];
const DAY_MS = 86_400_000;
const START = Date.parse('2024-01-01T08:00:00.000Z');

const text = (seed: number, words: number) =>
  Array.from({ length: words }, (_, j) => WORDS[(seed * 7 + j * 3) % WORDS.length]).join(' ');

/**
 * A journal of `notes` notes (a title of three words, a body of sixty, half tagged), `diary` diary
 * entries and `mood` check-ins with notes and activities: what a heavy user has written, the same
 * texts on every call (fresh ids), so a plain and an encrypted account hold the same words.
 */
export function journalRows({ notes = 0, diary = 0, mood = 0 }): JournalRow[] {
  const rows: JournalRow[] = [];
  for (let i = 0; i < notes; i += 1)
    rows.push({
      table: 'notes',
      row: {
        id: randomUUID(),
        title: text(i, 3),
        body: text(i, 60),
        font: 'Abril Fatface',
        color: '#FFF7D1',
        font_size: 20,
        pinned: i % 100 === 0,
        locked: false,
        tags: i % 2 === 0 ? ['travel'] : [],
        created_at: new Date(START + i * 60_000).toISOString(),
        deleted_at: null,
      },
    });
  for (let i = 0; i < diary; i += 1)
    rows.push({
      table: 'diary_entries',
      row: {
        id: randomUUID(),
        day: new Date(START + i * DAY_MS).toISOString().slice(0, 10),
        time_zone: 'Europe/Berlin',
        title: text(i + 1, 2),
        body: text(i + 2, 120),
        font: 'Montserrat',
        color: '#f3e8ff',
        font_size: 16,
        created_at: new Date(START + i * DAY_MS).toISOString(),
        deleted_at: null,
      },
    });
  for (let i = 0; i < mood; i += 1)
    rows.push({
      table: 'mood_entries',
      row: {
        id: randomUUID(),
        moment: new Date(START + i * DAY_MS + 3_600_000).toISOString(),
        time_zone: 'Europe/Berlin',
        level: (i % 5) + 1,
        activities: i % 3 === 0 ? [] : ['walk', 'reading'],
        note: i % 4 === 0 ? '' : text(i + 3, 12),
        created_at: new Date(START + i * DAY_MS + 3_600_000).toISOString(),
        deleted_at: null,
      },
    });
  return rows;
}
