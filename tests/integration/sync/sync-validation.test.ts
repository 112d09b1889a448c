// @vitest-environment node
import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { diaryEntrySchema } from '../../../src/db/entities/diary-entry.ts';
import { noteSchema } from '../../../src/db/entities/note.ts';
import { recordingSchema } from '../../../src/db/entities/recording.ts';
import { userSettingsSchema } from '../../../src/db/entities/user-settings.ts';
import { createSupabaseSyncTransport } from '../../../src/lib/sync/supabase-sync-transport.ts';
import { pullRequestSchema, pullResponseSchema, pushResponseSchema } from '../../../src/sync/protocol.ts';
import { TARGETS } from '../backend/support/backend-targets.ts';

import { signUpUser, startSyncBackend, type SignedInUser, type SyncBackend } from './support/sync-backend.ts';
import { device, newDiaryEntry, newNote, newRecording } from './support/sync-requests.ts';

/** Patches at the edges of the entity schemas: the SQL validation must agree with zod on each (R9, R17). */
const notePatches: Record<string, unknown>[] = [
  { font_size: 8 },
  { font_size: 96 },
  { font_size: 97 },
  { font_size: 20.5 },
  { font_size: '20' },
  { color: '#abcdef' },
  { color: 'red' },
  { font: '  Inter  ' },
  { font: '   ' },
  { tags: Array.from({ length: 50 }, (_, i) => `t${i}`) },
  { tags: Array.from({ length: 51 }, (_, i) => `t${i}`) },
  { tags: ['x'.repeat(51)] },
  { tags: [' '] },
  { tags: 'work' },
  { pinned: 'yes' },
  { title: 'x'.repeat(500) },
  { title: 'x'.repeat(501) },
  { title: null },
  { deleted_at: '2026-11-22T10:00:00+02:00' },
  { deleted_at: '2026-02-29T10:00:00Z' },
  { deleted_at: '2028-02-29T10:00:00.123Z' },
  { deleted_at: '2026-11-22T10:00Z' },
  { deleted_at: '2026-11-22' },
  { deleted_at: null },
  { unknown_field: 1 },
  { version: 3 },
];

const diaryPatches: Record<string, unknown>[] = [
  { day: '2026-02-28' },
  { day: '2026-02-29' },
  { day: '2026-13-01' },
  { day: '2026-11-22T00:00:00Z' },
  { time_zone: '' },
  { time_zone: 'Asia/Kolkata' },
];

const recordingPatches: Record<string, unknown>[] = [
  { segments: [] },
  { segments: [{ start: 0, end: 0, text: '' }] },
  { segments: [{ start: 1, end: 2.25, text: 'hi', speaker: 'speaker_0' }] },
  { segments: [{ start: 2, end: 1, text: 'backwards' }] },
  { segments: [{ start: -1, end: 1, text: 'before the start' }] },
  { segments: [{ start: 0, end: 1, text: 'x'.repeat(10_000) }] },
  { segments: [{ start: 0, end: 1, text: 'x'.repeat(10_001) }] },
  { segments: [{ start: 0, end: 1, text: 'a', speaker: '' }] },
  { segments: [{ start: 0, end: 1, text: 'a', speaker: 7 }] },
  { segments: [{ start: 0, end: 1, text: 'a', confidence: 0.9 }] },
  { segments: [{ start: '0', end: 1, text: 'a' }] },
  { segments: [{ start: 0, text: 'no end' }] },
  { segments: ['00:00 hi'] },
  { segments: Array.from({ length: 20_000 }, (_, i) => ({ start: i, end: i + 1, text: '' })) },
  { segments: Array.from({ length: 20_001 }, (_, i) => ({ start: i, end: i + 1, text: '' })) },
  { segments: null },
  { segments: {} },
];

const settingsPatches: Record<string, unknown>[] = [
  { preferred_theme: 'dark' },
  { preferred_theme: 'system' },
  { available_models: { a: 'A' } },
  { available_models: { a: 1 } },
  { site_config: { site_url: 'https://example.test', site_name: 'Mine' } },
  { site_config: { site_url: 'https://example.test' } },
  { custom_models_array: ['a', 'b'] },
  { custom_models_array: [1] },
  { openrouter_api_key: null },
  { openai_api_key: 'sk-legacy' },
];

describe.each(TARGETS)('sync_push and sync_pull validation on %s', (target) => {
  let backend: SyncBackend;
  let user: SignedInUser;

  beforeAll(async () => {
    backend = await startSyncBackend(target);
    user = await signUpUser(backend);
  }, 120_000);

  afterAll(async () => {
    await backend?.stop();
  });

  async function statuses(
    table: string,
    id: string,
    base: Record<string, unknown>,
    patches: Record<string, unknown>[],
  ) {
    const transport = createSupabaseSyncTransport(user.supabase, user.id);
    const session = { userId: user.id, accessToken: user.token };
    const dev = device(user.id);
    const now = Date.now();
    const create = table === 'user_settings' ? [] : [dev.mutation(table, id, base, now)];
    const response = pushResponseSchema.parse(
      await transport.push(
        dev.push([...create, ...patches.map((patch, i) => dev.mutation(table, id, patch, now + 1 + i))]),
        session,
      ),
    );
    return response.results.slice(create.length).map((r) => r.status);
  }

  it('[R9][R17] agrees with the zod schemas on which patches are valid', async () => {
    const cases = [
      { table: 'notes', schema: noteSchema, patches: notePatches, base: newNote(randomUUID()) },
      {
        table: 'diary_entries',
        schema: diaryEntrySchema,
        patches: diaryPatches,
        base: newDiaryEntry(randomUUID()),
      },
      {
        table: 'recordings',
        schema: recordingSchema,
        patches: recordingPatches,
        base: newRecording(randomUUID()),
      },
    ];
    for (const { table, schema, patches, base } of cases) {
      // Each patch alone against the created row: expected from zod on the merged row.
      const expected = patches.map((patch) =>
        schema.safeParse({ ...base, ...patch }).success ? 'applied' : 'rejected',
      );
      const actual: string[] = [];
      for (const patch of patches) {
        const id = randomUUID();
        actual.push(...(await statuses(table, id, { ...base, id }, [patch])));
      }
      expect(actual.map((status, i) => `${JSON.stringify(patches[i])}: ${status}`)).toEqual(
        expected.map((status, i) => `${JSON.stringify(patches[i])}: ${status}`),
      );
    }
    // Settings: the legacy key is immutable (never written), everything else as zod says.
    const transport = createSupabaseSyncTransport(user.supabase, user.id);
    const page = pullResponseSchema.parse(
      await transport.pull(device(user.id).pull(), { userId: user.id, accessToken: user.token }),
    );
    if (page.reset_required) throw new Error('unexpected reset');
    const settings = page.rows.find((r) => r.table === 'user_settings')?.data ?? {};
    const expected = settingsPatches.map((patch) =>
      !('openai_api_key' in patch) && userSettingsSchema.safeParse({ ...settings, ...patch }).success
        ? 'applied'
        : 'rejected',
    );
    const actual: string[] = [];
    for (const patch of settingsPatches)
      actual.push(...(await statuses('user_settings', user.id, {}, [patch])));
    expect(actual).toEqual(expected);
  });

  it('[R13] agrees with the pull request schema on how many rows a page may ask for', async () => {
    const limits = [0, 1, 1000, 1001, 2.5, '100'];
    const expected = limits.map((limit) => {
      const request = { ...device(user.id).pull(0, 1), limit };
      return `${limit}: ${pullRequestSchema.safeParse(request).success ? 'answered' : 'refused'}`;
    });
    const actual: string[] = [];
    for (const limit of limits) {
      const request = { ...device(user.id).pull(0, 1), limit };
      const { data, error } = await user.supabase.rpc('sync_pull', { request });
      if (error) expect(error.message).toContain('bad pull request');
      else expect(pullResponseSchema.parse(data).reset_required).toBe(false);
      actual.push(`${limit}: ${error ? 'refused' : 'answered'}`);
    }
    expect(actual).toEqual(expected);
    expect(expected).toContain('1000: answered');
    expect(expected).toContain('1001: refused');
  });
});
