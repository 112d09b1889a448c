/**
 * An in-memory model of the server side of the sync protocol (docs/sync.md), used by the unit tests
 * and the simulation, and specified by sync-server-contract.ts — the same contract the Postgres
 * sync_push/sync_pull RPCs must pass. Single-threaded JS: each push and pull is atomic, like one
 * Postgres transaction.
 *
 * Per user: a version clock bumped by every row write (R2), rows with per-field HLCs and LWW (R19)
 * with future-skew clamp (R12), conflicts for losing text (R20–R21, with the text the incoming change
 * started from, R40) and rejections (R17), tombstones (R24) and a horizon below which cursors must reset
 * (R26). Per client: the idempotency ledger (R8).
 */
import {
  isSyncedTable,
  syncedTableNames,
  tablePolicy,
  type SyncedTable,
} from '../../db/entities/entity-tables.ts';
import { isSealedOrEmpty, isSealedValue } from '../../db/entities/sealed-value.ts';
import { serverRowSchema } from '../../db/entities/server-row-schema.ts';
import { clampHlc, hlcNode, isHlc } from '../../db/hlc.ts';
import type { IdSource } from '../../db/ports.ts';
import { digestRows } from '../../sync/digest.ts';
import {
  MAX_POKE_ROWS,
  pullRequestSchema,
  pushRequestSchema,
  compactHlcs,
  type PullWireResponse,
  type PushMutation,
  type PushResponse,
  type PushResult,
  type ServerRow,
  type TableDigest,
} from '../../sync/protocol.ts';
import type { SyncPoke } from '../../sync/transport.ts';

export class SyncHttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'SyncHttpError';
    this.status = status;
  }
}

/** What the contract needs from any server implementation. */
export interface SyncServer {
  push(accessToken: string, request: unknown): Promise<unknown>;
  pull(accessToken: string, request: unknown): Promise<unknown>;
}

interface StoredServerRow {
  table: SyncedTable;
  id: string;
  version: number;
  data: Record<string, unknown>;
  hlc: Record<string, string>;
}

interface UserState {
  version: number;
  minValidCursor: number;
  /** The user has a key envelope (public.journal_keys): the journal is encrypted (R45). */
  encrypted: boolean;
  rows: Map<string, StoredServerRow>;
  listeners: Set<(poke: SyncPoke) => void>;
}

export interface SyncServerModelOptions {
  now: () => number;
  ids: IdSource;
  /** Business rule hook for tests: a reason to refuse a mutation, or null. */
  refuse?: (mutation: PushMutation) => string | null;
}

/** The most JSON a poke's rows may take (sync_clock_poke): its message stays within NOTIFY's limit. */
const POKE_PAGE_BYTES = 6_000;

const key = (table: string, id: string) => `${table}\u0000${id}`;

/** A poke's message id, shaped as the uuid hosted Realtime gives it, counted so runs repeat. */
const pokeId = (count: number) => `00000000-0000-4000-8000-${count.toString(16).padStart(12, '0')}`;

export class SyncServerModel implements SyncServer {
  private readonly users = new Map<string, UserState>();
  private readonly clients = new Map<string, { userId: string; lastSeq: number }>();
  private readonly tokens = new Map<string, string>();
  private readonly options: SyncServerModelOptions;
  private pokes = 0;
  private tokenCounter = 0;
  /** Business rule hook for tests: a reason to refuse a mutation, or null. */
  refuse: ((mutation: PushMutation) => string | null) | null;

  constructor(options: SyncServerModelOptions) {
    this.options = options;
    this.refuse = options.refuse ?? null;
  }

  issueToken(userId: string): string {
    const token = `token-${++this.tokenCounter}-${userId}`;
    this.tokens.set(token, userId);
    return token;
  }

  expireToken(token: string): void {
    this.tokens.delete(token);
  }

  /**
   * Realtime poke channel of one user (R27): called after every commit that moved the clock, with the
   * commit's rows when they are few (R27a).
   */
  subscribe(userId: string, listener: (poke: SyncPoke) => void): () => void {
    const user = this.user(userId);
    user.listeners.add(listener);
    return () => user.listeners.delete(listener);
  }

  /** Server-owned write (e.g. the billing webhook updating subscriptions). */
  writeServerRow(userId: string, table: SyncedTable, data: Record<string, unknown>): void {
    const user = this.user(userId);
    const id = String(data['id']);
    const existing = user.rows.get(key(table, id));
    const row = {
      table,
      id,
      version: 0,
      data: tablePolicy(table).schema.parse(data),
      hlc: existing?.hlc ?? {},
    };
    const before = user.version;
    this.stamp(user, row);
    this.poke(user, before);
  }

  /**
   * The user stores a key envelope (public.journal_keys, ADR 0151): from now on pushes must seal what a
   * person wrote (R45). `false` removes it, as turning encryption off does: from then on pushes must not
   * seal (R46).
   */
  setJournalEncrypted(userId: string, encrypted = true): void {
    this.user(userId).encrypted = encrypted;
  }

  /** Tombstone GC (R26): drop tombstones at or below `version`; older cursors must reset. */
  compact(userId: string, version: number): void {
    const user = this.user(userId);
    for (const [k, row] of user.rows) {
      if (row.version <= version && row.data['deleted_at'] != null) user.rows.delete(k);
    }
    user.minValidCursor = Math.max(user.minValidCursor, version);
  }

  clock(userId: string): number {
    return this.user(userId).version;
  }

  /** Every row of a user, for assertions. */
  rows(userId: string): ServerRow[] {
    return [...this.user(userId).rows.values()].map((r) => structuredClone({ ...r }));
  }

  lastMutationSeq(clientId: string): number {
    return this.clients.get(clientId)?.lastSeq ?? 0;
  }

  async push(accessToken: string, raw: unknown): Promise<PushResponse> {
    const userId = this.authenticate(accessToken);
    const parsed = pushRequestSchema.safeParse(raw);
    if (!parsed.success) throw new SyncHttpError(400, `bad push request: ${parsed.error.message}`);
    const request = parsed.data;
    if (request.user_id !== userId) throw new SyncHttpError(403, 'this outbox belongs to another user');
    const client = this.client(request.client_id, userId);
    for (let i = 1; i < request.mutations.length; i++) {
      if ((request.mutations[i]?.seq ?? 0) <= (request.mutations[i - 1]?.seq ?? 0)) {
        throw new SyncHttpError(400, 'mutations must be in increasing seq order');
      }
    }
    const user = this.user(userId);
    // R45 and R46, before anything is applied: sync_push's refusal rolls the whole push back.
    for (const mutation of request.mutations) {
      if (mutation.seq <= client.lastSeq) continue;
      if (user.encrypted) {
        const clearAt = clearTextIn(mutation);
        if (clearAt !== null)
          throw new SyncHttpError(
            403,
            `journal_encrypted: this journal is encrypted, and change ${mutation.seq} sends ${clearAt} in clear`,
          );
      } else {
        const sealedAt = sealedValueIn(mutation);
        if (sealedAt !== null)
          throw new SyncHttpError(
            403,
            `journal_not_encrypted: this journal is no longer encrypted, and change ${mutation.seq} sends ${sealedAt} sealed`,
          );
      }
    }
    const before = user.version;
    const results: PushResult[] = [];
    for (const mutation of request.mutations) {
      if (mutation.seq <= client.lastSeq) {
        results.push({ seq: mutation.seq, status: 'duplicate' });
        continue;
      }
      const reason = this.apply(user, mutation);
      client.lastSeq = mutation.seq;
      results.push(
        reason === null
          ? { seq: mutation.seq, status: 'applied' }
          : { seq: mutation.seq, status: 'rejected', reason },
      );
    }
    if (user.version !== before) this.poke(user, before);
    return { last_mutation_seq: client.lastSeq, clock: user.version, results };
  }

  async pull(accessToken: string, raw: unknown): Promise<PullWireResponse> {
    const userId = this.authenticate(accessToken);
    const parsed = pullRequestSchema.safeParse(raw);
    if (!parsed.success) throw new SyncHttpError(400, `bad pull request: ${parsed.error.message}`);
    const request = parsed.data;
    if (request.user_id !== userId) throw new SyncHttpError(403, 'another user');
    const client = this.client(request.client_id, userId);
    const user = this.user(userId);
    // Cursor 0 is a full pull and always valid; any other cursor below the tombstone horizon may have
    // missed a tombstone that GC removed.
    const stale = request.cursor > 0 && request.cursor < user.minValidCursor;
    if (stale || request.cursor > user.version) return { reset_required: true };
    const newer = [...user.rows.values()]
      .filter((r) => r.version > request.cursor)
      .sort((a, b) => a.version - b.version);
    const page = newer.slice(0, request.limit);
    const hasMore = newer.length > page.length;
    const nextCursor = hasMore ? (page.at(-1)?.version ?? request.cursor) : user.version;
    const response: PullWireResponse = {
      reset_required: false,
      rows: page.map((r) =>
        structuredClone({
          table: r.table,
          id: r.id,
          version: r.version,
          data: r.data,
          hlc: compactHlcs(r.data, r.hlc),
        }),
      ),
      next_cursor: nextCursor,
      has_more: hasMore,
      clock: user.version,
      last_mutation_seq: client.lastSeq,
    };
    if (request.want_digest && !hasMore) response.digest = this.digest(user);
    return response;
  }

  private digest(user: UserState): Record<string, TableDigest> {
    const byTable = new Map<string, { id: string; version: number }[]>();
    for (const row of user.rows.values()) {
      const list = byTable.get(row.table) ?? [];
      list.push({ id: row.id, version: row.version });
      byTable.set(row.table, list);
    }
    return Object.fromEntries([...byTable].map(([table, rows]) => [table, digestRows(rows)]));
  }

  /** Applies one mutation; returns null, or the reason it was refused (and kept as a conflict). */
  private apply(user: UserState, mutation: PushMutation): string | null {
    const refusal = this.check(user, mutation);
    if (refusal !== null) {
      this.conflict(user, {
        table_name: mutation.table,
        row_id: mutation.id,
        field: null,
        kind: 'rejected',
        losing_value: mutation.patch,
        losing_hlc: Object.values(mutation.hlc).sort().at(-1) ?? '',
        winning_hlc: '',
        reason: refusal,
        base_value: null,
      });
      // Touch the row so every device pulls the server's state back over a refused local change.
      const existing = isSyncedTable(mutation.table)
        ? user.rows.get(key(mutation.table, mutation.id))
        : undefined;
      if (existing) this.stamp(user, existing);
      return refusal;
    }
    const table = mutation.table as SyncedTable;
    const policy = tablePolicy(table);
    const now = this.options.now();
    const existing = user.rows.get(key(table, mutation.id));
    const row: StoredServerRow = existing
      ? { ...existing, data: { ...existing.data }, hlc: { ...existing.hlc } }
      : { table, id: mutation.id, version: 0, data: policy.defaults?.(mutation.id) ?? {}, hlc: {} };
    const lost: Parameters<SyncServerModel['conflict']>[1][] = [];
    let changed = !existing;
    for (const [field, value] of Object.entries(mutation.patch)) {
      const incoming = clampHlc(mutation.hlc[field] ?? '', now);
      const current = row.hlc[field] ?? '';
      const isText = policy.textFields.includes(field);
      // R40: the text this mutation's author saw in the field, whichever side loses.
      const base = baseText(mutation, field);
      if (incoming > current) {
        const old = row.data[field];
        const concurrent = mutation.base[field] !== current && hlcNode(current) !== hlcNode(incoming);
        if (existing && isText && concurrent && typeof old === 'string' && old !== '' && old !== value) {
          lost.push(lostValue(table, mutation.id, field, old, current, incoming, base));
        }
        row.data[field] = value;
        row.hlc[field] = incoming;
        changed = true;
      } else if (
        incoming < current &&
        isText &&
        typeof value === 'string' &&
        value !== '' &&
        value !== row.data[field]
      ) {
        lost.push(lostValue(table, mutation.id, field, value, incoming, current, base));
      }
    }
    if (!serverRowSchema(table).safeParse(row.data).success) {
      // Checked before: a patch that passes check() always leaves a valid row.
      throw new SyncHttpError(500, 'invariant: row became invalid');
    }
    if (changed) {
      this.stamp(user, row);
      user.rows.set(key(table, mutation.id), row);
    }
    for (const conflict of lost) this.conflict(user, conflict);
    return null;
  }

  /** Validation that refuses a mutation as a whole (R17). */
  private check(user: UserState, mutation: PushMutation): string | null {
    if (!isSyncedTable(mutation.table)) return `unknown table ${mutation.table}`;
    const policy = tablePolicy(mutation.table);
    const fields = Object.keys(mutation.patch);
    if (fields.length === 0) return 'empty patch';
    for (const field of fields) {
      const hlc = mutation.hlc[field];
      if (hlc === undefined || !isHlc(hlc)) return `missing or bad HLC for ${field}`;
    }
    const existing = user.rows.get(key(mutation.table, mutation.id));
    if (!policy.writable) {
      const allowed = policy.patchableFields ?? [];
      if (!existing || fields.some((f) => !allowed.includes(f))) return `${mutation.table} is read-only`;
      // As sync_private.refusal (R42, R48): a kept value is emptied, or replaced where one is kept.
      const set = jsonbKeys(mutation.patch).find(
        (f) =>
          (policy.keptFields ?? []).includes(f) &&
          mutation.patch[f] !== null &&
          (existing.data[f] ?? null) === null,
      );
      if (set !== undefined) return `${set} can only be cleared, or resent where one is kept`;
    }
    if (existing) {
      for (const field of policy.immutable) {
        if (
          field in mutation.patch &&
          JSON.stringify(mutation.patch[field]) !== JSON.stringify(existing.data[field])
        ) {
          return `${field} cannot change`;
        }
      }
    }
    const start = existing?.data ?? policy.defaults?.(mutation.id) ?? {};
    const candidate = serverRowSchema(mutation.table).safeParse({
      ...start,
      ...mutation.patch,
      id: mutation.id,
    });
    if (!candidate.success)
      return existing || policy.defaults ? 'invalid values' : 'unknown entry (incomplete create)';
    if (mutation.patch['id'] !== undefined && mutation.patch['id'] !== mutation.id) return 'id mismatch';
    return this.refuse?.(mutation) ?? null;
  }

  private conflict(user: UserState, fields: Omit<ConflictData, 'id' | 'created_at' | 'resolved_at'>): void {
    const id = this.options.ids.next();
    const data = { id, ...fields, created_at: new Date(this.options.now()).toISOString(), resolved_at: null };
    const row: StoredServerRow = { table: 'conflicts', id, version: 0, data, hlc: {} };
    this.stamp(user, row);
    user.rows.set(key('conflicts', id), row);
  }

  private stamp(user: UserState, row: StoredServerRow): void {
    row.version = ++user.version;
    user.rows.set(key(row.table, row.id), row);
  }

  /**
   * As sync_clock_poke: the rows of the commit that moved the clock from `from`, in a pull page's wire
   * form (R4), when there are at most MAX_POKE_ROWS of them in at most 6,000 bytes of JSON and `from` is
   * not below the horizon (R27a).
   */
  private poke(user: UserState, from: number): void {
    const rows = [...user.rows.values()]
      .filter((r) => r.version > from)
      .sort((a, b) => a.version - b.version)
      .map((r) => ({
        table: r.table,
        id: r.id,
        version: r.version,
        data: r.data,
        hlc: compactHlcs(r.data, r.hlc),
      }));
    const json = JSON.stringify(rows);
    const carries =
      from >= user.minValidCursor &&
      rows.length <= MAX_POKE_ROWS &&
      new TextEncoder().encode(json).length <= POKE_PAGE_BYTES;
    for (const listener of [...user.listeners]) {
      listener(
        carries
          ? // Hosted Realtime's realtime.send adds an `id` to every payload it sends; clients ignore it.
            { version: user.version, page: { from, rows: JSON.parse(json), id: pokeId(++this.pokes) } }
          : { version: user.version },
      );
    }
  }

  private authenticate(token: string): string {
    const userId = this.tokens.get(token);
    if (!userId) throw new SyncHttpError(401, 'JWT expired');
    return userId;
  }

  private client(clientId: string, userId: string) {
    let client = this.clients.get(clientId);
    if (!client) {
      client = { userId, lastSeq: 0 };
      this.clients.set(clientId, client);
    }
    if (client.userId !== userId) throw new SyncHttpError(403, 'this client belongs to another user');
    return client;
  }

  private user(userId: string): UserState {
    let user = this.users.get(userId);
    if (!user) {
      user = { version: 0, minValidCursor: 0, encrypted: false, rows: new Map(), listeners: new Set() };
      this.users.set(userId, user);
    }
    return user;
  }
}

interface ConflictData {
  id: string;
  table_name: string;
  row_id: string;
  field: string | null;
  kind: 'lww_lost' | 'rejected';
  losing_value: unknown;
  losing_hlc: string;
  winning_hlc: string;
  reason: string;
  created_at: string;
  resolved_at: string | null;
  /** For lww_lost: the incoming mutation's base_text for the field, if it had one (R40). */
  base_value: string | null;
}

/**
 * As sync_private.clear_text_in: the first protected field, then the first base text, that a mutation
 * sends in clear, as `table.field` (`… base text`), or null (R45). Every base text counts: it is words.
 */
function clearTextIn(mutation: PushMutation): string | null {
  const { table } = mutation;
  const protectedFields = isSyncedTable(table) ? tablePolicy(table).protectedFields : {};
  const field = jsonbKeys(mutation.patch).find((f) => {
    if (!Object.hasOwn(protectedFields, f)) return false;
    const value = mutation.patch[f];
    return isKeptChange(table, value) ? keptChangeField(value, false) !== null : !isSealedOrEmpty(value);
  });
  if (field !== undefined) return `${table}.${field}`;
  const base = jsonbKeys(mutation.base_text ?? {}).find((f) => !isSealedOrEmpty(mutation.base_text?.[f]));
  return base === undefined ? null : `${table}.${base} base text`;
}

/**
 * As sync_private.sealed_value_in: the first protected field, then the first base text, that a mutation
 * sends sealed, as `table.field` (`… base text`), or null (R46: a journal without an envelope is clear).
 */
function sealedValueIn(mutation: PushMutation): string | null {
  const { table } = mutation;
  const protectedFields = isSyncedTable(table) ? tablePolicy(table).protectedFields : {};
  const field = jsonbKeys(mutation.patch).find((f) => {
    if (!Object.hasOwn(protectedFields, f)) return false;
    const value = mutation.patch[f];
    return isKeptChange(table, value) ? keptChangeField(value, true) !== null : isSealedValue(value);
  });
  if (field !== undefined) return `${table}.${field}`;
  const base = jsonbKeys(mutation.base_text ?? {}).find((f) => isSealedValue(mutation.base_text?.[f]));
  return base === undefined ? null : `${table}.${base} base text`;
}

/** A conflict's kept value that is a rejected change kept whole (R17): an object of fields. */
function isKeptChange(table: string, value: unknown): value is Record<string, unknown> {
  return table === 'conflicts' && typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every field name that some table protects: a kept change's own table is not in the mutation. */
const PROTECTED_NAMES = new Set(
  syncedTableNames.flatMap((table) => Object.keys(tablePolicy(table).protectedFields)),
);

/**
 * As sync_private.kept_change_field: the first protected field of a kept change that is sealed
 * (`sealed`), or that is in clear (not `sealed`), or null.
 */
function keptChangeField(change: Readonly<Record<string, unknown>>, sealed: boolean): string | null {
  const field = jsonbKeys(change).find(
    (f) => PROTECTED_NAMES.has(f) && (sealed ? isSealedValue(change[f]) : !isSealedOrEmpty(change[f])),
  );
  return field ?? null;
}

/** An object's keys in the order jsonb keeps them (shorter first, then by bytes), as jsonb_each reads them. */
function jsonbKeys(value: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(value).sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
}

/** `m -> 'base_text' ->> field`: an own key only, as in SQL. */
function baseText(mutation: PushMutation, field: string): string | null {
  const texts = mutation.base_text;
  return texts !== undefined && Object.hasOwn(texts, field) ? (texts[field] ?? null) : null;
}

function lostValue(
  table: string,
  rowId: string,
  field: string,
  value: string,
  losing: string,
  winning: string,
  base: string | null,
) {
  return {
    table_name: table,
    row_id: rowId,
    field,
    kind: 'lww_lost' as const,
    losing_value: value,
    losing_hlc: losing,
    winning_hlc: winning,
    reason: 'a concurrent edit on another device won',
    base_value: base,
  };
}
