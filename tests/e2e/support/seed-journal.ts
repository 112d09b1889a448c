import { expect, type APIRequestContext } from '@playwright/test';

import type { DiaryEntry } from '../../../src/db/entities/diary-entry.ts';
import type { MoodEntry } from '../../../src/db/entities/mood-entry.ts';
import type { Note } from '../../../src/db/entities/note.ts';
import type { UserSettingsPatch } from '../../../src/db/entities/user-settings.ts';
import { pushResponseSchema } from '../../../src/sync/protocol.ts';
import { device } from '../../integration/sync/support/sync-requests.ts';
import { ANON_KEY, API_URL } from './backend.ts';
import type { StoredSession } from './session.ts';

export interface Journal {
  notes: Note[];
  diaryEntries: DiaryEntry[];
  moodEntries: MoodEntry[];
  /** Choices stored in the account's settings row (its id is the user's), which every device follows. */
  settings: UserSettingsPatch;
}

/**
 * Writes a whole journal to the account on the server in one sync_push, as another device of the
 * user's would have: the page then pulls it like any journal. Each entry is stamped as last changed
 * when it was created, so orders by last change (the notes list) are the same on every run; the
 * settings are stamped at `settingsChangedAt`. Sent with the suite's request context rather than
 * supabase-js, which a worker that has run the backend in-process cannot load.
 */
export async function seedJournal(
  request: APIRequestContext,
  session: StoredSession,
  journal: Journal,
  settingsChangedAt: number,
): Promise<void> {
  const other = device(session.user.id);
  const rows = [
    ...journal.notes.map((row) => ['notes', row] as const),
    ...journal.diaryEntries.map((row) => ['diary_entries', row] as const),
    ...journal.moodEntries.map((row) => ['mood_entries', row] as const),
  ];
  const mutations = [
    ...rows.map(([table, row]) => other.mutation(table, row.id, { ...row }, Date.parse(row.created_at))),
    other.mutation('user_settings', session.user.id, { ...journal.settings }, settingsChangedAt),
  ];
  const response = await request.post(`${API_URL}/rest/v1/rpc/sync_push`, {
    headers: {
      apikey: ANON_KEY,
      authorization: `Bearer ${session.access_token}`,
      'content-type': 'application/json',
    },
    data: { request: other.push(mutations) },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { results } = pushResponseSchema.parse(await response.json());
  expect(results.map((result) => result.status)).toEqual(mutations.map(() => 'applied'));
}
