/**
 * The server side of the sync protocol as a contract (docs/sync.md). Registered against the in-memory
 * model (sync-server-model.test.ts) and against the Postgres sync_push/sync_pull RPCs on the local
 * backend (tests/integration/sync/sync-server-contract.test.ts), whose users sign up through supabase-js.
 *
 * Real servers keep state between tests and run on the real time, so every test gets fresh users and
 * client ids, and writes HLCs relative to the server's `now()` instead of setting a clock. A new account
 * may already own a settings row (the database creates it with the defaults at sign-up).
 */
import { beforeEach, describe, expect, it } from 'vitest';

import { tablePolicy } from '../../db/entities/entity-tables.ts';
import { sealedLength } from '../../db/entities/sealed-value.ts';
import { formatHlc, MAX_FUTURE_SKEW_MS, parseHlc } from '../../db/hlc.ts';
import { digestRows } from '../../sync/digest.ts';
import {
  PROTOCOL_VERSION,
  pullResponseSchema,
  pushResponseSchema,
  type PullResponse,
  type PushMutation,
  type PushResponse,
} from '../../sync/protocol.ts';
import type { SyncServer } from './sync-server-model.ts';

export interface SyncServerHarness {
  server: SyncServer;
  /** A new account, never used before: its id and an access token. */
  newUser(): Promise<{ id: string; token: string }> | { id: string; token: string };
  /** The server's current time (ms since epoch), read before a write whose HLC depends on it. */
  now(): number;
  /** Tombstone GC up to `version` (R26). */
  compact(userId: string, version: number): Promise<void> | void;
  /** The user stores a key envelope (public.journal_keys): their journal is encrypted (R45). */
  encryptJournal(user: { id: string; token: string }): Promise<void> | void;
  /** The user removes their key envelope: encryption is turned off, the journal is clear (R46). */
  decryptJournal(user: { id: string; token: string }): Promise<void> | void;
}

const NOTE = '00000001-0000-7000-8000-000000000001';
const MOOD = '00000001-0000-7000-8000-000000000301';
/** Client ids are never reused across tests: a server binds each to its first user (R31). */
let run = 0;
const clientId = (prefix: string) => `${prefix}-0000-7000-8000-${(++run).toString(16).padStart(12, '0')}`;
const node = (client: string) => client.replace(/-/g, '');
const hlc = (client: string, ms: number, counter = 0) => formatHlc({ ms, counter, node: node(client) });

export function registerSyncServerContract(name: string, factory: () => Promise<SyncServerHarness>): void {
  describe(`sync server contract: ${name}`, () => {
    let h: SyncServerHarness;
    let token: string;
    let seq: Record<string, number>;
    let USER: string;
    let CLIENT_A: string;
    let CLIENT_B: string;
    /** Server time when the test started; HLCs in the tests are offsets from it (well inside R12's window). */
    let NOW: number;

    beforeEach(async () => {
      h = await factory();
      ({ id: USER, token } = await h.newUser());
      CLIENT_A = clientId('0000000a');
      CLIENT_B = clientId('0000000b');
      NOW = h.now();
      seq = {};
    });

    function note(overrides: Record<string, unknown> = {}) {
      return {
        id: NOTE,
        title: 'Morning',
        body: 'Coffee on the balcony',
        font: 'Montserrat',
        color: '#FFF7D1',
        font_size: 20,
        pinned: false,
        locked: false,
        tags: [],
        created_at: new Date(NOW).toISOString(),
        deleted_at: null,
        ...overrides,
      };
    }

    function mutation(
      client: string,
      table: string,
      id: string,
      patch: Record<string, unknown>,
      at: number,
      base: Record<string, string> = {},
      baseText?: Record<string, string>,
    ): PushMutation {
      seq[client] = (seq[client] ?? 0) + 1;
      const stamp = hlc(client, at);
      return {
        seq: seq[client],
        mutation_id: `${client.slice(0, 8)}-0000-7000-8000-${String(seq[client]).padStart(12, '0')}`,
        table,
        id,
        patch,
        hlc: Object.fromEntries(Object.keys(patch).map((f) => [f, stamp])),
        base: Object.fromEntries(Object.keys(patch).map((f) => [f, base[f] ?? ''])),
        ...(baseText ? { base_text: baseText } : {}),
      };
    }

    async function push(
      client: string,
      mutations: PushMutation[],
      as = token,
      user = USER,
    ): Promise<PushResponse> {
      const raw = await h.server.push(as, {
        protocol: PROTOCOL_VERSION,
        client_id: client,
        user_id: user,
        mutations,
      });
      return pushResponseSchema.parse(raw);
    }

    /** A page as the engine asks for it, checked (which expands HLCs sent as one string, R4). */
    async function pull(
      cursor = 0,
      limit = 1000,
      wantDigest = false,
      client = CLIENT_A,
    ): Promise<PullResponse> {
      return pullResponseSchema.parse(
        await h.server.pull(token, {
          protocol: PROTOCOL_VERSION,
          client_id: client,
          user_id: USER,
          cursor,
          limit,
          want_digest: wantDigest,
        }),
      );
    }

    async function rows(cursor = 0) {
      const page = await pull(cursor);
      if (page.reset_required) throw new Error('unexpected reset');
      return page.rows;
    }

    async function noteRow() {
      return (await rows()).find((r) => r.table === 'notes' && r.id === NOTE);
    }

    async function conflicts() {
      return (await rows()).filter((r) => r.table === 'conflicts').map((r) => r.data);
    }

    it('[R2][R3] applies a create and stamps the next version of the user clock', async () => {
      const response = await push(CLIENT_A, [mutation(CLIENT_A, 'notes', NOTE, note(), NOW)]);
      expect(response.results).toEqual([{ seq: 1, status: 'applied' }]);
      expect(response.last_mutation_seq).toBe(1);
      const row = await noteRow();
      expect(row?.data).toEqual(note());
      expect(row?.version).toBe(response.clock);
      await push(CLIENT_A, [mutation(CLIENT_A, 'notes', NOTE, { title: 'Later' }, NOW + 1)]);
      expect((await noteRow())?.version).toBe(response.clock + 1);
    });

    it('[R2][R13] pages rows in version order up to the clock', async () => {
      const ids = [1, 2, 3, 4, 5].map((i) => `00000001-0000-7000-8000-00000000010${i}`);
      const start = await pull(0);
      if (start.reset_required) throw new Error('reset');
      await push(
        CLIENT_A,
        ids.map((id, i) => mutation(CLIENT_A, 'notes', id, note({ id }), NOW + i)),
      );
      const first = await pull(start.next_cursor, 2);
      if (first.reset_required) throw new Error('reset');
      expect(first.rows.map((r) => r.id)).toEqual(ids.slice(0, 2));
      expect(first.has_more).toBe(true);
      expect(first.next_cursor).toBe(first.rows.at(-1)?.version);
      const rest = await pull(first.next_cursor, 10);
      if (rest.reset_required) throw new Error('reset');
      expect(rest.rows.map((r) => r.id)).toEqual(ids.slice(2));
      expect(rest.has_more).toBe(false);
      expect(rest.next_cursor).toBe(rest.clock);
    });

    it('[R13] pages rows of every table together in version order, each with its whole data', async () => {
      const start = await pull(0);
      if (start.reset_required) throw new Error('reset');
      const at = new Date(NOW).toISOString();
      const id = (i: number) => `00000001-0000-7000-8000-00000000020${i}`;
      const diary = (i: number) => ({
        id: id(i),
        day: '2026-11-21',
        time_zone: 'Europe/Berlin',
        title: `Day ${i}`,
        body: 'Walked to the lake',
        font: 'Montserrat',
        color: '#f3e8ff',
        font_size: 16,
        created_at: at,
        deleted_at: null,
      });
      const mood = (i: number) => ({
        id: id(i),
        moment: at,
        time_zone: 'Europe/Berlin',
        level: 4,
        activities: ['walk'],
        note: `Mood ${i}`,
        created_at: at,
        deleted_at: null,
      });
      const written = [
        { table: 'notes', data: note({ id: id(1) }) },
        { table: 'diary_entries', data: diary(2) },
        { table: 'mood_entries', data: mood(3) },
        { table: 'notes', data: note({ id: id(4), title: 'Evening' }) },
        { table: 'mood_entries', data: mood(5) },
        { table: 'diary_entries', data: diary(6) },
      ];
      await push(
        CLIENT_A,
        written.map((row, i) => mutation(CLIENT_A, row.table, row.data.id, row.data, NOW + i)),
      );
      const pulled: PullResponse[] = [];
      let cursor = start.next_cursor;
      for (;;) {
        const page = await pull(cursor, 2);
        if (page.reset_required) throw new Error('reset');
        pulled.push(page);
        cursor = page.next_cursor;
        if (!page.has_more) break;
      }
      const rowsPulled = pulled.flatMap((page) => (page.reset_required ? [] : page.rows));
      expect(pulled.map((page) => (page.reset_required ? 0 : page.rows.length))).toEqual([2, 2, 2]);
      expect(rowsPulled.map((row) => ({ table: row.table, data: row.data }))).toEqual(written);
      const versions = rowsPulled.map((row) => row.version);
      expect(versions).toEqual([...versions].sort((a, b) => a - b));
      expect(new Set(versions).size).toBe(versions.length);
      expect(rowsPulled.map((row) => row.hlc['deleted_at'])).toEqual(
        written.map((_, i) => hlc(CLIENT_A, NOW + i)),
      );
    });

    it('[R8] answers duplicate for a seq it already applied and does not apply it again', async () => {
      const create = mutation(CLIENT_A, 'notes', NOTE, note(), NOW);
      const first = await push(CLIENT_A, [create]);
      const again = await push(CLIENT_A, [create]);
      expect(again.results).toEqual([{ seq: 1, status: 'duplicate' }]);
      expect(again.clock).toBe(first.clock);
      seq[CLIENT_A] = 9; // gaps are allowed (coalescing)
      const later = await push(CLIENT_A, [mutation(CLIENT_A, 'notes', NOTE, { title: 'Ten' }, NOW + 1)]);
      expect(later.last_mutation_seq).toBe(10);
      const page = await pull(0, 10, false, CLIENT_A);
      expect(!page.reset_required && page.last_mutation_seq).toBe(10);
    });

    it('[R8] refuses a request whose seqs do not increase', async () => {
      const a = mutation(CLIENT_A, 'notes', NOTE, note(), NOW);
      const b = mutation(CLIENT_A, 'notes', NOTE, { title: 'x' }, NOW + 1);
      await expect(push(CLIENT_A, [b, a])).rejects.toMatchObject({ status: 400 });
    });

    it('[R4] refuses a malformed request with 400', async () => {
      await expect(
        h.server.push(token, { protocol: PROTOCOL_VERSION, client_id: CLIENT_A }),
      ).rejects.toMatchObject({ status: 400 });
      await expect(h.server.pull(token, { cursor: -1 })).rejects.toMatchObject({ status: 400 });
    });

    it('[R4] a pull sends the HLC of a row whose fields share one as a string, any other row its map', async () => {
      const EDITED = '00000001-0000-7000-8000-000000000002';
      await push(CLIENT_A, [
        mutation(CLIENT_A, 'notes', NOTE, note(), NOW),
        mutation(CLIENT_A, 'notes', EDITED, note({ id: EDITED }), NOW),
      ]);
      await push(CLIENT_B, [mutation(CLIENT_B, 'notes', EDITED, { title: 'Edited' }, NOW + 1)]);
      const request = (protocol: number) => ({
        protocol,
        client_id: CLIENT_A,
        user_id: USER,
        cursor: 0,
        limit: 1000,
        want_digest: false,
      });
      type WireRow = { table: string; id: string; hlc: unknown };
      const wireRows = async (protocol: number) =>
        ((await h.server.pull(token, request(protocol))) as { rows: WireRow[] }).rows;
      const compact = await wireRows(PROTOCOL_VERSION);
      const hlcOf = (rows: WireRow[], id: string) =>
        rows.find((r) => r.table === 'notes' && r.id === id)?.hlc;

      expect(hlcOf(compact, NOTE)).toBe(hlc(CLIENT_A, NOW));
      expect(hlcOf(compact, EDITED)).toMatchObject({
        title: hlc(CLIENT_B, NOW + 1),
        body: hlc(CLIENT_A, NOW),
      });
      // A new account's settings row has fields nobody has stamped: its map goes as it is.
      const settings = compact.find((r) => r.table === 'user_settings');
      if (settings) expect(typeof settings.hlc).toBe('object');
      // Once checked, the string stands for every field of the row's data.
      const checked = await pull();
      expect(checked.reset_required ? undefined : checked.rows.find((r) => r.id === NOTE)?.hlc).toEqual(
        Object.fromEntries(Object.keys(note()).map((field) => [field, hlc(CLIENT_A, NOW)])),
      );
      // There is one format: the unreleased protocol 1, whose rows carried maps only, is gone (ADR 0133).
      await expect(h.server.pull(token, request(1))).rejects.toMatchObject({ status: 400 });
      await expect(h.server.pull(token, request(3))).rejects.toMatchObject({ status: 400 });
      await expect(
        h.server.push(token, { protocol: 1, client_id: CLIENT_A, user_id: USER, mutations: [] }),
      ).rejects.toMatchObject({ status: 400 });
    });

    it('[R19] keeps the value with the newer HLC per field; an equal HLC changes nothing', async () => {
      await push(CLIENT_A, [mutation(CLIENT_A, 'notes', NOTE, note(), NOW)]);
      await push(CLIENT_B, [mutation(CLIENT_B, 'notes', NOTE, { font_size: 30 }, NOW + 2000)]);
      await push(CLIENT_A, [mutation(CLIENT_A, 'notes', NOTE, { font_size: 12, pinned: true }, NOW + 1000)]);
      const row = await noteRow();
      expect(row?.data).toMatchObject({ font_size: 30, pinned: true });
      const clock = row?.version ?? 0;
      const same = mutation(CLIENT_B, 'notes', NOTE, { font_size: 30 }, NOW + 2000);
      await push(CLIENT_B, [same]);
      expect((await noteRow())?.version).toBe(clock);
    });

    it('[R12] clamps an HLC more than five minutes ahead to server time', async () => {
      await push(CLIENT_A, [mutation(CLIENT_A, 'notes', NOTE, note(), NOW)]);
      const before = h.now();
      await push(CLIENT_B, [
        mutation(CLIENT_B, 'notes', NOTE, { pinned: true }, before + MAX_FUTURE_SKEW_MS + 60_000),
      ]);
      const after = h.now();
      // Written at server time: same counter and node, the server's time of the push.
      const clamped = parseHlc((await noteRow())?.hlc['pinned'] ?? '');
      expect(clamped).toMatchObject({ counter: 0, node: node(CLIENT_B) });
      expect(clamped.ms).toBeGreaterThanOrEqual(before);
      expect(clamped.ms).toBeLessThanOrEqual(after);
      // A later honest write from another device now wins, which it could not against the fast clock.
      await push(CLIENT_A, [mutation(CLIENT_A, 'notes', NOTE, { pinned: false }, clamped.ms + 1000)]);
      expect((await noteRow())?.data['pinned']).toBe(false);
      // Within the window the HLC is kept as is.
      const ahead = h.now() + MAX_FUTURE_SKEW_MS - 60_000;
      await push(CLIENT_B, [mutation(CLIENT_B, 'notes', NOTE, { locked: true }, ahead)]);
      expect((await noteRow())?.hlc['locked']).toBe(hlc(CLIENT_B, ahead));
    });

    it('[R20][R21] keeps a concurrent losing text value as a conflict, both when it arrives late and when it is overwritten unseen', async () => {
      const created = hlc(CLIENT_A, NOW);
      await push(CLIENT_A, [mutation(CLIENT_A, 'notes', NOTE, note(), NOW)]);
      // B edits from the created state and wins; A's concurrent older edit then arrives and loses.
      await push(CLIENT_B, [
        mutation(CLIENT_B, 'notes', NOTE, { body: 'from B' }, NOW + 2000, { body: created }),
      ]);
      await push(CLIENT_A, [
        mutation(CLIENT_A, 'notes', NOTE, { body: 'from A' }, NOW + 1000, { body: created }),
      ]);
      expect((await noteRow())?.data['body']).toBe('from B');
      // A newer concurrent edit that never saw 'from B' wins, and 'from B' is kept.
      await push(CLIENT_A, [
        mutation(CLIENT_A, 'notes', NOTE, { body: 'A again' }, NOW + 3000, { body: created }),
      ]);
      expect((await noteRow())?.data['body']).toBe('A again');
      const kept = await conflicts();
      expect(kept).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            kind: 'lww_lost',
            table_name: 'notes',
            row_id: NOTE,
            field: 'body',
            losing_value: 'from A',
          }),
          expect.objectContaining({
            kind: 'lww_lost',
            table_name: 'notes',
            row_id: NOTE,
            field: 'body',
            losing_value: 'from B',
          }),
        ]),
      );
    });

    it('[R40][R20][R21] a text conflict keeps the base text the incoming change carried for its field', async () => {
      const created = hlc(CLIENT_A, NOW);
      const original = note().body;
      await push(CLIENT_A, [mutation(CLIENT_A, 'notes', NOTE, note(), NOW)]);
      await push(CLIENT_B, [
        mutation(
          CLIENT_B,
          'notes',
          NOTE,
          { body: 'Coffee at dawn' },
          NOW + 2000,
          { body: created },
          {
            body: original,
          },
        ),
      ]);
      // R20: A's concurrent older edit arrives late and loses; it keeps A's base for body, not for title.
      await push(CLIENT_A, [
        mutation(
          CLIENT_A,
          'notes',
          NOTE,
          { body: 'Tea on the balcony' },
          NOW + 1000,
          { body: created },
          {
            title: 'Morning',
            body: original,
          },
        ),
      ]);
      // R21: A's newer edit, planned on its own text, overwrites B's unseen; it keeps what A saw.
      await push(CLIENT_A, [
        mutation(
          CLIENT_A,
          'notes',
          NOTE,
          { body: 'Tea on the terrace' },
          NOW + 3000,
          { body: hlc(CLIENT_A, NOW + 1000) },
          { body: 'Tea on the balcony' },
        ),
      ]);
      expect((await noteRow())?.data['body']).toBe('Tea on the terrace');
      const kept = await conflicts();
      expect(kept).toHaveLength(2);
      expect(kept).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            kind: 'lww_lost',
            field: 'body',
            losing_value: 'Tea on the balcony',
            winning_hlc: hlc(CLIENT_B, NOW + 2000),
            base_value: original,
          }),
          expect.objectContaining({
            kind: 'lww_lost',
            field: 'body',
            losing_value: 'Coffee at dawn',
            winning_hlc: hlc(CLIENT_A, NOW + 3000),
            base_value: 'Tea on the balcony',
          }),
        ]),
      );
    });

    it('[R40] a conflict whose incoming change carried no base text for its field, or a rejection, keeps none', async () => {
      const created = hlc(CLIENT_A, NOW);
      await push(CLIENT_A, [mutation(CLIENT_A, 'notes', NOTE, note(), NOW)]);
      await push(CLIENT_B, [
        mutation(CLIENT_B, 'notes', NOTE, { title: 'From B', body: 'B' }, NOW + 2000, {
          title: created,
          body: created,
        }),
      ]);
      // R20 without base_text; then R21 with a base_text that names another field only.
      await push(CLIENT_A, [
        mutation(CLIENT_A, 'notes', NOTE, { title: 'Late A' }, NOW + 1000, { title: created }),
        mutation(CLIENT_A, 'notes', NOTE, { body: 'Newer A' }, NOW + 3000, { body: created }, { title: 'x' }),
        // Refused as a whole, base text and all.
        mutation(CLIENT_A, 'notes', NOTE, { font_size: 500 }, NOW + 4000, {}, { body: 'Newer A' }),
      ]);
      const kept = await conflicts();
      expect(kept).toHaveLength(3);
      expect(kept).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            kind: 'lww_lost',
            field: 'title',
            losing_value: 'Late A',
            base_value: null,
          }),
          expect.objectContaining({ kind: 'lww_lost', field: 'body', losing_value: 'B', base_value: null }),
          expect.objectContaining({ kind: 'rejected', losing_value: { font_size: 500 }, base_value: null }),
        ]),
      );
      // base_value is the server's: a client may resolve the conflict, never set it.
      const id = String(kept.find((c) => c['field'] === 'title')?.['id']);
      const resolvedAt = new Date(NOW).toISOString();
      const edits = await push(CLIENT_A, [
        mutation(CLIENT_A, 'conflicts', id, { base_value: 'mine' }, NOW + 5000),
        mutation(CLIENT_A, 'conflicts', id, { resolved_at: resolvedAt }, NOW + 5001),
      ]);
      expect(edits.results.map((r) => r.status)).toEqual(['rejected', 'applied']);
      expect((await conflicts()).find((c) => c['id'] === id)).toMatchObject({
        base_value: null,
        resolved_at: resolvedAt,
      });
    });

    it('[R3][R40] refuses a base_text that is not an object of strings of at most 1,000,000 characters as a malformed request', async () => {
      await push(CLIENT_A, [mutation(CLIENT_A, 'notes', NOTE, note(), NOW)]);
      const edit = (baseText: unknown): unknown => ({
        ...mutation(CLIENT_A, 'notes', NOTE, { body: 'Edited' }, NOW + 1000),
        base_text: baseText,
      });
      const malformed: unknown[] = [
        null,
        'Coffee on the balcony',
        ['Coffee on the balcony'],
        { body: 1 },
        { body: null },
        { body: ['Coffee'] },
        { body: { text: 'Coffee' } },
        { body: 'x'.repeat(1_000_001) },
      ];
      for (const baseText of malformed) {
        seq[CLIENT_A] = 1;
        await expect(
          h.server.push(token, {
            protocol: PROTOCOL_VERSION,
            client_id: CLIENT_A,
            user_id: USER,
            mutations: [edit(baseText)],
          }),
          JSON.stringify(baseText).slice(0, 40),
        ).rejects.toMatchObject({ status: 400 });
      }
      // Nothing of them was applied; an empty object, and text of the longest a field holds, are fine.
      expect((await noteRow())?.data['body']).toBe(note().body);
      seq[CLIENT_A] = 1;
      const response = await push(CLIENT_A, [
        mutation(CLIENT_A, 'notes', NOTE, { title: 'Edited' }, NOW + 1000, {}, {}),
        mutation(
          CLIENT_A,
          'notes',
          NOTE,
          { body: 'Edited' },
          NOW + 1001,
          {},
          { body: 'x'.repeat(1_000_000) },
        ),
      ]);
      expect(response.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    });

    it('[R44] keeps a sealed value of a protected field as it came, up to its longest, and refuses one anywhere else', async () => {
      /** A value of the sealed form, `length` characters long: the server can check no more than that. */
      const sealed = (length: number) => `mx1.${'A'.repeat(length - 4)}`;
      const longest = (table: 'notes' | 'mood_entries', field: string) =>
        sealedLength(tablePolicy(table).protectedFields[field] ?? 0);
      const sealedNote = note({
        title: sealed(longest('notes', 'title')),
        body: sealed(300),
        tags: sealed(longest('notes', 'tags')),
      });
      const mood = {
        id: MOOD,
        moment: new Date(NOW).toISOString(),
        time_zone: 'Europe/Berlin',
        level: 2,
        activities: sealed(longest('mood_entries', 'activities')),
        note: sealed(longest('mood_entries', 'note')),
        created_at: new Date(NOW).toISOString(),
        deleted_at: null,
      };
      // Sealed values are what an encrypted journal sends; a clear one refuses them (R46).
      await h.encryptJournal({ id: USER, token });
      const created = await push(CLIENT_A, [
        mutation(CLIENT_A, 'notes', NOTE, sealedNote, NOW),
        mutation(CLIENT_A, 'mood_entries', MOOD, mood, NOW),
      ]);
      expect(created.results.map((r) => r.status)).toEqual(['applied', 'applied']);
      const pulled = await rows();
      expect(pulled.find((r) => r.id === NOTE)?.data).toEqual(sealedNote);
      expect(pulled.find((r) => r.id === MOOD)?.data).toEqual(mood);

      // One character longer than the longest sealed value, not of the sealed form where the clear value
      // is a list, or in a field the server must read: each refused as an invalid change (R17).
      const refused = [
        { title: sealed(longest('notes', 'title') + 1) },
        { tags: sealed(longest('notes', 'tags') + 1) },
        { color: sealed(12) },
        { created_at: sealed(40) },
      ];
      const response = await push(
        CLIENT_A,
        refused.map((patch, i) => mutation(CLIENT_A, 'notes', NOTE, patch, NOW + 1 + i)),
      );
      expect(response.results.map((r) => r.status)).toEqual(refused.map(() => 'rejected'));
      expect((await noteRow())?.data).toEqual(sealedNote);

      // The base text of an edit is sealed like its field: beyond the longest clear text, only sealed.
      const edit = mutation(
        CLIENT_A,
        'notes',
        NOTE,
        { body: sealed(400) },
        NOW + 100,
        {},
        {
          body: sealed(1_000_100),
        },
      );
      expect((await push(CLIENT_A, [edit])).results[0]?.status).toBe('applied');
    });

    it('[R45] an encrypted journal refuses a push that sends words in clear, whole and storing nothing of it', async () => {
      const sealed = (length: number) => `mx1.${'A'.repeat(length - 4)}`;
      const sealedNote = note({ title: sealed(100), body: sealed(200), tags: sealed(80) });
      await push(CLIENT_A, [mutation(CLIENT_A, 'notes', NOTE, note(), NOW)]);
      await h.encryptJournal({ id: USER, token });
      const start = await pull();
      if (start.reset_required) throw new Error('unexpected reset');

      // Each protected field, and a base text, in clear: the whole push is refused with its own code,
      // even beside a change that would apply, and the seq does not move.
      const clear: [string, Record<string, unknown>, Record<string, string>?][] = [
        ['notes.title', { title: 'Heron at the weir' }],
        ['notes.tags', { tags: ['birds'] }],
        ['notes.body base text', { body: sealed(60) }, { body: 'Coffee on the balcony' }],
      ];
      for (const [where, patch, baseText] of clear) {
        seq[CLIENT_A] = 1;
        const ok = mutation(CLIENT_A, 'notes', NOTE, { pinned: true }, NOW + 10);
        const bad = mutation(CLIENT_A, 'notes', NOTE, patch, NOW + 20, {}, baseText);
        await expect(push(CLIENT_A, [ok, bad]), where).rejects.toMatchObject({
          status: 403,
          message: expect.stringMatching(new RegExp(`journal_encrypted.*change 3 sends ${where} in clear`)),
        });
      }
      const moodCreate = mutation(
        CLIENT_A,
        'mood_entries',
        MOOD,
        {
          id: MOOD,
          moment: new Date(NOW).toISOString(),
          time_zone: 'Europe/Berlin',
          level: 2,
          activities: [],
          note: 'A quiet evening',
          created_at: new Date(NOW).toISOString(),
          deleted_at: null,
        },
        NOW + 30,
      );
      await expect(push(CLIENT_A, [moodCreate])).rejects.toMatchObject({
        status: 403,
        message: expect.stringContaining('journal_encrypted'),
      });
      // Nothing of them was stored: no row changed, no conflict kept their words, no seq was taken.
      const after = await pull();
      if (after.reset_required) throw new Error('unexpected reset');
      expect(after.rows).toEqual(start.rows);
      expect(after.clock).toBe(start.clock);
      expect(after.last_mutation_seq).toBe(1);

      // Sealed values, and null, empty text and empty lists (a purge without the key), are taken.
      seq[CLIENT_A] = 1;
      const accepted = await push(CLIENT_A, [
        mutation(
          CLIENT_A,
          'notes',
          NOTE,
          { title: sealedNote.title, body: sealedNote.body },
          NOW + 40,
          {},
          {
            body: sealed(120),
          },
        ),
        mutation(CLIENT_A, 'notes', NOTE, { tags: sealedNote.tags, pinned: true }, NOW + 41),
        mutation(CLIENT_A, 'notes', NOTE, { title: '', tags: [] }, NOW + 42),
      ]);
      expect(accepted.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
      expect((await noteRow())?.data).toMatchObject({
        title: '',
        body: sealedNote.body,
        tags: [],
        pinned: true,
      });

      // Another user, whose journal is not encrypted, pushes clear text as before.
      const other = await h.newUser();
      const otherClient = clientId('0000000c');
      const response = await push(
        otherClient,
        [mutation(otherClient, 'notes', NOTE, note(), NOW)],
        other.token,
        other.id,
      );
      expect(response.results).toEqual([{ seq: 1, status: 'applied' }]);
    });

    it('[R46] a journal whose envelope was removed refuses a push that sends a sealed value, whole and storing nothing of it', async () => {
      const sealed = (length: number) => `mx1.${'A'.repeat(length - 4)}`;
      await h.encryptJournal({ id: USER, token });
      await push(CLIENT_A, [
        mutation(CLIENT_A, 'notes', NOTE, note({ title: sealed(100), body: sealed(200) }), NOW),
      ]);
      await h.decryptJournal({ id: USER, token });
      const start = await pull();
      if (start.reset_required) throw new Error('unexpected reset');

      // A protected field, or a base text, sealed: the whole push is refused with its own code, even
      // beside a change that would apply, and the seq does not move.
      const stillSealing: [string, Record<string, unknown>, Record<string, string>?][] = [
        ['notes.title', { title: sealed(60) }],
        ['notes.tags', { tags: sealed(80) }],
        ['notes.body base text', { body: 'Coffee on the balcony' }, { body: sealed(60) }],
      ];
      for (const [where, patch, baseText] of stillSealing) {
        seq[CLIENT_A] = 1;
        const ok = mutation(CLIENT_A, 'notes', NOTE, { pinned: true }, NOW + 10);
        const bad = mutation(CLIENT_A, 'notes', NOTE, patch, NOW + 20, {}, baseText);
        await expect(push(CLIENT_A, [ok, bad]), where).rejects.toMatchObject({
          status: 403,
          message: expect.stringMatching(new RegExp(`journal_not_encrypted.*change 3 sends ${where} sealed`)),
        });
      }
      const after = await pull();
      if (after.reset_required) throw new Error('unexpected reset');
      expect(after.rows).toEqual(start.rows);
      expect(after.clock).toBe(start.clock);
      expect(after.last_mutation_seq).toBe(1);

      // The same changes in clear are taken (what the device resends once it has forgotten the key), and
      // text that only starts like a sealed value is an invalid list, refused as such (R17), not whole.
      seq[CLIENT_A] = 1;
      const accepted = await push(CLIENT_A, [
        mutation(CLIENT_A, 'notes', NOTE, { title: 'Heron at the weir', pinned: true }, NOW + 30),
        mutation(CLIENT_A, 'notes', NOTE, { body: 'Coffee on the balcony' }, NOW + 31, {}, { body: 'Tea' }),
        mutation(CLIENT_A, 'notes', NOTE, { tags: 'mx1.not*base64' }, NOW + 32),
      ]);
      expect(accepted.results.map((r) => r.status)).toEqual(['applied', 'applied', 'rejected']);
      expect((await noteRow())?.data).toMatchObject({
        title: 'Heron at the weir',
        body: 'Coffee on the balcony',
        pinned: true,
      });

      // Encrypted again: sealed values are taken once more (R44, R45).
      await h.encryptJournal({ id: USER, token });
      seq[CLIENT_A] = 4;
      const resealed = await push(CLIENT_A, [
        mutation(CLIENT_A, 'notes', NOTE, { title: sealed(60) }, NOW + 40),
      ]);
      expect(resealed.results.map((r) => r.status)).toEqual(['applied']);
    });

    it("[R48] the owner resends a conflict's kept values in the journal's form where they are kept, never sets one where none is", async () => {
      const sealed = (length: number) => `mx1.${'A'.repeat(length - 4)}`;
      const created = hlc(CLIENT_A, NOW);
      await push(CLIENT_A, [mutation(CLIENT_A, 'notes', NOTE, note(), NOW)]);
      await push(CLIENT_B, [mutation(CLIENT_B, 'notes', NOTE, { body: 'B' }, NOW + 2000, { body: created })]);
      // A clear journal keeps a losing edit with its base text, and a refused change whole (R17, R40).
      await push(CLIENT_A, [
        mutation(CLIENT_A, 'notes', NOTE, { body: 'Late A' }, NOW + 1000, { body: created }, { body: 'Saw' }),
        mutation(CLIENT_A, 'notes', NOTE, { title: 'Heron at the weir', font_size: 500 }, NOW + 3000),
      ]);
      const kept = await conflicts();
      const lost = String(kept.find((c) => c['kind'] === 'lww_lost')?.['id']);
      const refused = String(kept.find((c) => c['kind'] === 'rejected')?.['id']);
      expect(kept.find((c) => c['id'] === refused)).toMatchObject({
        losing_value: { title: 'Heron at the weir', font_size: 500 },
        base_value: null,
      });

      // Encrypted: the kept values resent in clear are refused whole, a kept change field by field.
      await h.encryptJournal({ id: USER, token });
      const clear: [string, Record<string, unknown>][] = [
        [lost, { losing_value: 'Late A', base_value: sealed(40) }],
        [lost, { losing_value: sealed(40), base_value: 'Saw' }],
        [refused, { losing_value: { title: 'Heron at the weir', font_size: 500 } }],
      ];
      for (const [id, patch] of clear) {
        seq[CLIENT_A] = 3;
        await expect(
          push(CLIENT_A, [mutation(CLIENT_A, 'conflicts', id, patch, NOW + 10)]),
        ).rejects.toMatchObject({
          status: 403,
          message: expect.stringContaining('journal_encrypted'),
        });
      }
      seq[CLIENT_A] = 3;
      // Sealed, they replace what was kept; a base text where none was kept is refused (R17).
      const resealed = await push(CLIENT_A, [
        mutation(CLIENT_A, 'conflicts', lost, { losing_value: sealed(40), base_value: sealed(44) }, NOW + 20),
        mutation(
          CLIENT_A,
          'conflicts',
          refused,
          { losing_value: { title: sealed(48), font_size: 500 } },
          NOW + 21,
        ),
        mutation(CLIENT_A, 'conflicts', refused, { base_value: sealed(44) }, NOW + 22),
      ]);
      expect(resealed.results.map((r) => r.status)).toEqual(['applied', 'applied', 'rejected']);
      expect(resealed.results[2]).toMatchObject({
        reason: expect.stringContaining('base_value can only be cleared'),
      });
      const sealedKept = await conflicts();
      expect(sealedKept.find((c) => c['id'] === lost)).toMatchObject({
        losing_value: sealed(40),
        base_value: sealed(44),
      });
      expect(sealedKept.find((c) => c['id'] === refused)).toMatchObject({
        losing_value: { title: sealed(48), font_size: 500 },
        base_value: null,
      });

      // Clear again: sealed kept values are refused whole, a kept change's too; clear ones are taken.
      await h.decryptJournal({ id: USER, token });
      await expect(
        push(CLIENT_A, [
          mutation(CLIENT_A, 'conflicts', refused, { losing_value: { title: sealed(48) } }, NOW + 30),
        ]),
      ).rejects.toMatchObject({ status: 403, message: expect.stringContaining('journal_not_encrypted') });
      seq[CLIENT_A] = 6;
      const opened = await push(CLIENT_A, [
        mutation(CLIENT_A, 'conflicts', lost, { losing_value: 'Late A', base_value: 'Saw' }, NOW + 40),
        mutation(
          CLIENT_A,
          'conflicts',
          refused,
          { losing_value: { title: 'Heron at the weir', font_size: 500 } },
          NOW + 41,
        ),
      ]);
      expect(opened.results.map((r) => r.status)).toEqual(['applied', 'applied']);
      expect((await conflicts()).find((c) => c['id'] === lost)).toMatchObject({
        losing_value: 'Late A',
        base_value: 'Saw',
      });
    });

    it('[R21] an edit that saw the current value, or follows its own device, is not a conflict', async () => {
      await push(CLIENT_A, [mutation(CLIENT_A, 'notes', NOTE, note(), NOW)]);
      const bHlc = hlc(CLIENT_B, NOW + 1000);
      await push(CLIENT_B, [
        mutation(CLIENT_B, 'notes', NOTE, { body: 'B' }, NOW + 1000, { body: hlc(CLIENT_A, NOW) }),
      ]);
      await push(CLIENT_A, [
        mutation(CLIENT_A, 'notes', NOTE, { body: 'A saw B' }, NOW + 2000, { body: bHlc }),
      ]);
      // Same device replacing its own value, with a stale base (its earlier batch was coalesced).
      await push(CLIENT_A, [
        mutation(CLIENT_A, 'notes', NOTE, { body: 'A again' }, NOW + 3000, { body: bHlc }),
      ]);
      expect(await conflicts()).toEqual([]);
    });

    it('[R17] rejects an invalid mutation as a conflict, still advances the seq, and re-stamps the row', async () => {
      await push(CLIENT_A, [mutation(CLIENT_A, 'notes', NOTE, note(), NOW)]);
      const before = (await noteRow())?.version ?? 0;
      const response = await push(CLIENT_A, [mutation(CLIENT_A, 'notes', NOTE, { font_size: 500 }, NOW + 1)]);
      expect(response.results[0]).toMatchObject({ seq: 2, status: 'rejected' });
      expect(response.last_mutation_seq).toBe(2);
      expect((await noteRow())?.data['font_size']).toBe(20);
      expect((await noteRow())?.version).toBeGreaterThan(before);
      expect(await conflicts()).toEqual([
        expect.objectContaining({ kind: 'rejected', row_id: NOTE, losing_value: { font_size: 500 } }),
      ]);
    });

    it('[R9] rejects a partial patch for an unknown entry, but creates settings from the defaults', async () => {
      const response = await push(CLIENT_A, [
        mutation(CLIENT_A, 'notes', NOTE, { title: 'orphan' }, NOW),
        mutation(CLIENT_A, 'user_settings', USER, { preferred_theme: 'dark' }, NOW),
      ]);
      expect(response.results.map((r) => r.status)).toEqual(['rejected', 'applied']);
      const settings = (await rows()).find((r) => r.table === 'user_settings');
      expect(settings?.data).toMatchObject({
        id: USER,
        preferred_theme: 'dark',
        auto_save: true,
        default_note_font: 'Abril Fatface',
      });
      expect(settings?.hlc).toEqual({ preferred_theme: hlc(CLIENT_A, NOW) });
    });

    it('[R9] refuses client writes to subscriptions and anything but resolved_at on conflicts', async () => {
      const sub = { id: USER, status: 'active', current_period_end: null, trial_ends_at: null };
      const response = await push(CLIENT_A, [mutation(CLIENT_A, 'subscriptions', USER, sub, NOW)]);
      expect(response.results[0]?.status).toBe('rejected');
      const [conflict] = await conflicts();
      const id = String(conflict?.['id']);
      const edits = await push(CLIENT_A, [
        mutation(CLIENT_A, 'conflicts', id, { reason: 'mine' }, NOW + 1),
        mutation(CLIENT_A, 'conflicts', id, { resolved_at: new Date(NOW).toISOString() }, NOW + 2),
      ]);
      expect(edits.results.map((r) => r.status)).toEqual(['rejected', 'applied']);
    });

    it('[R43] lets the owner clear the words a conflict kept, as "Delete forever" does', async () => {
      const sub = { id: USER, status: 'active', current_period_end: null, trial_ends_at: null };
      await push(CLIENT_A, [mutation(CLIENT_A, 'subscriptions', USER, sub, NOW)]);
      const [conflict] = await conflicts();
      const id = String(conflict?.['id']);
      const cleared = await push(CLIENT_A, [
        mutation(CLIENT_A, 'conflicts', id, { losing_value: null, base_value: null }, NOW + 1),
      ]);
      expect(cleared.results.map((r) => r.status)).toEqual(['applied']);
      expect((await conflicts())[0]).toMatchObject({ losing_value: null, base_value: null });
    });

    it('[R24][R25] an edit after a delete keeps the entry deleted; only a newer restore brings it back', async () => {
      await push(CLIENT_A, [mutation(CLIENT_A, 'notes', NOTE, note(), NOW)]);
      const deletedAt = new Date(NOW + 2000).toISOString();
      await push(CLIENT_A, [mutation(CLIENT_A, 'notes', NOTE, { deleted_at: deletedAt }, NOW + 2000)]);
      await push(CLIENT_B, [mutation(CLIENT_B, 'notes', NOTE, { title: 'edited elsewhere' }, NOW + 3000)]);
      expect((await noteRow())?.data).toMatchObject({ deleted_at: deletedAt, title: 'edited elsewhere' });
      await push(CLIENT_B, [mutation(CLIENT_B, 'notes', NOTE, { deleted_at: null }, NOW + 1000)]);
      expect((await noteRow())?.data['deleted_at']).toBe(deletedAt);
      await push(CLIENT_B, [mutation(CLIENT_B, 'notes', NOTE, { deleted_at: null }, NOW + 4000)]);
      expect((await noteRow())?.data['deleted_at']).toBeNull();
    });

    it('[R26] answers reset_required to a cursor older than the tombstone horizon, or beyond the clock', async () => {
      await push(CLIENT_A, [mutation(CLIENT_A, 'notes', NOTE, note(), NOW)]);
      await push(CLIENT_A, [
        mutation(CLIENT_A, 'notes', NOTE, { deleted_at: new Date(NOW).toISOString() }, NOW + 1),
      ]);
      const clock = (await noteRow())?.version ?? 0;
      expect(await pull(clock + 5)).toEqual({ reset_required: true });
      await h.compact(USER, clock);
      expect(await pull(1)).toEqual({ reset_required: true });
      // A full pull (cursor 0) is always valid: the collected tombstone is simply absent.
      const full = await pull(0);
      expect(!full.reset_required && full.rows.some((r) => r.id === NOTE)).toBe(false);
      const fresh = await pull(clock);
      expect(fresh.reset_required).toBe(false);
    });

    it('[R28] sends a digest of every row on the last page', async () => {
      await push(CLIENT_A, [mutation(CLIENT_A, 'notes', NOTE, note(), NOW)]);
      await push(CLIENT_A, [mutation(CLIENT_A, 'user_settings', USER, { auto_save: false }, NOW)]);
      const page = await pull(0, 1000, true);
      if (page.reset_required) throw new Error('reset');
      expect(page.digest?.['notes']).toEqual(digestRows(page.rows.filter((r) => r.table === 'notes')));
      expect(page.digest?.['user_settings']).toEqual(
        digestRows(page.rows.filter((r) => r.table === 'user_settings')),
      );
      const partial = await pull(0, 1, true);
      expect(!partial.reset_required && partial.digest).toBeUndefined();
    });

    it("[R31] refuses another user's outbox, a client bound to another user, and an expired token", async () => {
      const { id: OTHER, token: otherToken } = await h.newUser();
      await expect(
        push(CLIENT_A, [mutation(CLIENT_A, 'notes', NOTE, note(), NOW)], otherToken, USER),
      ).rejects.toMatchObject({ status: 403 });
      await push(CLIENT_A, [mutation(CLIENT_A, 'notes', NOTE, note(), NOW)]);
      await expect(push(CLIENT_A, [], otherToken, OTHER)).rejects.toMatchObject({ status: 403 });
      await expect(push(CLIENT_B, [], 'not-a-token')).rejects.toMatchObject({ status: 401 });
    });

    it("[R31] keeps users apart: a pull never returns another user's rows", async () => {
      const { id: OTHER, token: otherToken } = await h.newUser();
      await push(CLIENT_B, [mutation(CLIENT_B, 'notes', NOTE, note(), NOW)], otherToken, OTHER);
      // The same note id exists for the other user only; this user has at most their own settings.
      const mine = await rows();
      expect(mine.filter((r) => r.table !== 'user_settings')).toEqual([]);
      expect(mine.every((r) => r.id === USER)).toBe(true);
    });
  });
}
