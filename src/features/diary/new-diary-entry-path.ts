import type { Day } from '../../lib/dates/day.ts';

/** The id in the address of a diary entry not written yet. */
export const NEW_DIARY_ENTRY_ID = 'new';

/** Where "New entry" goes: a draft for `day` that becomes an entry with its first words (ADR 0144). */
export function newDiaryEntryPath(day: Day): string {
  return `/diary/${NEW_DIARY_ENTRY_ID}?day=${day}`;
}
