// @vitest-environment node
import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createSupabaseSyncTransport } from '../../../src/lib/sync/supabase-sync-transport.ts';
import {
  pullResponseSchema,
  pushResponseSchema,
  type PullResponse,
  type ServerRow,
} from '../../../src/sync/protocol.ts';
import { TARGETS } from '../backend/support/backend-targets.ts';

import {
  compact,
  serviceClient,
  signUpUser,
  startSyncBackend,
  syncSession,
  type SignedInUser,
  type SyncBackend,
} from './support/sync-backend.ts';
import { device, newDiaryEntry, newMoodEntry, newNote } from './support/sync-requests.ts';

/**
 * R4: a pulled row, once checked, carries the HLC map the server stores, whatever wrote it, though a row
 * whose fields share one HLC sends it as one string (ADR 0118, 0133). The sync server contract checks
 * the form after sync_push; these are the write paths that do not go through sync_push.
 */
describe.each(TARGETS)('pulled rows carry the stored HLCs, on %s', (target) => {
  let backend: SyncBackend;

  beforeAll(async () => {
    backend = await startSyncBackend(target);
  });

  afterAll(async () => {
    await backend.stop();
  });

  async function page(user: SignedInUser, cursor = 0): Promise<PullResponse> {
    const transport = createSupabaseSyncTransport(user.supabase, user.id);
    return pullResponseSchema.parse(
      await transport.pull(device(user.id).pull(cursor, 1000), syncSession(user)),
    );
  }

  /** The page of the whole journal, each row's HLCs once checked exactly those its table holds. */
  async function expectStoredHlcs(user: SignedInUser): Promise<{ rows: ServerRow[]; clock: number }> {
    const pulled = await page(user);
    if (pulled.reset_required) throw new Error('unexpected reset');
    for (const row of pulled.rows) {
      const stored = await backend.db.query<{ hlc: Record<string, string> }>(
        `select hlc from public.${row.table} where user_id = $1 and id = $2`,
        [user.id, row.id],
      );
      expect(row.hlc, `${row.table} ${row.id}`).toEqual(stored.rows[0]?.hlc);
    }
    return pulled;
  }

  async function pushNotes(user: SignedInUser, count: number): Promise<string[]> {
    const dev = device(user.id);
    const ids = Array.from({ length: count }, () => randomUUID());
    const transport = createSupabaseSyncTransport(user.supabase, user.id);
    const mutations = [
      ...ids.map((id) => dev.mutation('notes', id, newNote(id))),
      dev.mutation('diary_entries', ids[0] ?? '', newDiaryEntry(ids[0])),
      dev.mutation('mood_entries', ids[0] ?? '', newMoodEntry(ids[0])),
    ];
    pushResponseSchema.parse(await transport.push(dev.push(mutations), syncSession(user)));
    return ids;
  }

  it('after writes by the database owner and the service role, outside sync_push', async () => {
    const user = await signUpUser(backend);
    const [first = '', second = ''] = await pushNotes(user, 3);

    // A function or a maintenance script writing as the owner: stamped with a server HLC for the field.
    await backend.db.query(
      `update public.notes set title = 'Renamed by a function' where user_id = $1 and id = $2`,
      [user.id, first],
    );
    const service = serviceClient(backend);
    const edit = await service.from('notes').update({ pinned: true }).eq('user_id', user.id).eq('id', second);
    expect(edit.error).toBeNull();
    const subscription = await service.from('subscriptions').insert({
      user_id: user.id,
      id: user.id,
      status: 'active',
      current_period_end: '2027-01-01T00:00:00.000Z',
      trial_ends_at: null,
    });
    expect(subscription.error).toBeNull();

    const { rows } = await expectStoredHlcs(user);
    const notes = rows.filter((row) => row.table === 'notes');
    expect(notes.find((row) => row.id === first)?.data['title']).toBe('Renamed by a function');
    expect(notes.find((row) => row.id === second)?.data['pinned']).toBe(true);
    expect(rows.some((row) => row.table === 'subscriptions')).toBe(true);
  });

  it('after a tombstone is purged and a row is deleted outright', async () => {
    const user = await signUpUser(backend);
    const [deleted = '', removed = ''] = await pushNotes(user, 3);
    const dev = device(user.id);
    const transport = createSupabaseSyncTransport(user.supabase, user.id);
    await transport.push(
      dev.push([dev.mutation('notes', deleted, { deleted_at: new Date().toISOString() })]),
      syncSession(user),
    );
    const { clock } = await expectStoredHlcs(user);
    await compact(backend, user.id, clock);
    await backend.db.query('delete from public.notes where user_id = $1 and id = $2', [user.id, removed]);

    const notes = (await expectStoredHlcs(user)).rows.filter((row) => row.table === 'notes');
    expect(notes.map((row) => row.id)).not.toContain(deleted);
    expect(notes.map((row) => row.id)).not.toContain(removed);
    expect(notes).toHaveLength(1);
  });
});
