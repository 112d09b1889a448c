import type { JwtClaims } from '../auth/jwt.ts';
import type { Database } from '../db/database.ts';
import { quoteIdent, splitTopLevel, unquote } from '../rest/sql-params.ts';

export interface ChangeFilter {
  readonly column: string;
  readonly op: 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';
  readonly values: readonly string[];
}

export interface ChangeBinding {
  readonly id: number;
  /** '*', INSERT, UPDATE or DELETE. */
  readonly event: string;
  readonly schema: string;
  /** A table name or '*' for every published table of the schema. */
  readonly table: string;
  readonly filter: ChangeFilter | undefined;
}

/** One joined channel's postgres_changes bindings and the identity RLS is checked against. */
export interface ChangeSubscriber {
  bindings: readonly ChangeBinding[];
  role: string;
  claims: JwtClaims;
  deliver(ids: number[], data: Record<string, unknown>): void;
}

interface TableMeta {
  readonly rls: boolean;
  readonly replicaFull: boolean;
  readonly columns: { name: string; type: string }[];
  readonly pk: string[];
  readonly published: boolean;
}

interface ChangeEvent {
  readonly schema: string;
  readonly table: string;
  readonly type: 'INSERT' | 'UPDATE' | 'DELETE';
  readonly commit_timestamp: string;
  readonly record?: Record<string, unknown> | null;
  readonly old_record?: Record<string, unknown> | null;
  readonly too_large?: boolean;
}

const FILTER = /^([^=]+)=(eq|neq|lt|lte|gt|gte|in)\.(.*)$/s;

/** Parses a binding's `column=op.value` filter; throws with a message for the system error push. */
export function parseChangeFilter(filter: string | undefined): ChangeFilter | undefined {
  if (filter === undefined || filter === '') return undefined;
  const match = FILTER.exec(filter);
  if (!match) throw new Error(`Error parsing \`filter\` params: ${filter}`);
  const [, column = '', op = 'eq', raw = ''] = match;
  const values = op === 'in' ? splitTopLevel(raw.replace(/^\(|\)$/g, '')).map(unquote) : [unquote(raw)];
  return { column, op: op as ChangeFilter['op'], values };
}

function asText(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function matchesFilter(filter: ChangeFilter, row: Record<string, unknown> | null | undefined): boolean {
  const actual = asText(row?.[filter.column]);
  if (actual === undefined) return false;
  const expected = filter.values[0] ?? '';
  if (filter.op === 'eq') return actual === expected;
  if (filter.op === 'neq') return actual !== expected;
  if (filter.op === 'in') return filter.values.includes(actual);
  const a = Number(actual);
  const b = Number(expected);
  const order = Number.isFinite(a) && Number.isFinite(b) ? a - b : actual.localeCompare(expected);
  return filter.op === 'lt'
    ? order < 0
    : filter.op === 'lte'
      ? order <= 0
      : filter.op === 'gt'
        ? order > 0
        : order >= 0;
}

/**
 * postgres_changes on a database without logical replication: row triggers NOTIFY each change, and every
 * subscriber whose binding matches gets it only if RLS lets its role and claims SELECT the row (re-read after
 * commit, as Realtime's apply_rls does). DELETEs are not RLS-checked and carry only the primary key on RLS
 * tables, as on Supabase.
 */
export class PostgresChanges {
  private readonly db: Database;
  private readonly subscribers = new Set<ChangeSubscriber>();
  private readonly meta = new Map<string, TableMeta>();
  private queue: Promise<void> = Promise.resolve();
  private unlisten: (() => Promise<void>) | undefined;

  constructor(db: Database) {
    this.db = db;
  }

  async start(): Promise<void> {
    this.unlisten = await this.db.listen('realtime_local_changes', (payload) => {
      // Serialised so subscribers see changes in commit order.
      this.queue = this.queue
        .then(() => this.dispatch(payload))
        .catch((error: unknown) => console.error(`realtime: ${(error as Error).message}`));
    });
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    await this.queue;
  }

  subscribe(subscriber: ChangeSubscriber): void {
    this.subscribers.add(subscriber);
  }

  unsubscribe(subscriber: ChangeSubscriber): void {
    this.subscribers.delete(subscriber);
  }

  /** Checks a binding's table (or schema) and installs the change trigger on every published table it covers. */
  async prepare(schema: string, table: string): Promise<void> {
    const { rows } = await this.db.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 and ($2 = '*' or c.relname = $2) and c.relkind in ('r', 'p')
          and exists (select 1 from pg_publication_tables p where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname and p.tablename = c.relname)`,
      [schema, table],
    );
    for (const { name } of rows) {
      await this.db.query(
        `create or replace trigger realtime_local_changes after insert or update or delete on ${quoteIdent(schema)}.${quoteIdent(name)}
           for each row execute function realtime.local_notify_change()`,
      );
      this.meta.delete(`${schema}.${name}`);
    }
  }

  private async tableMeta(schema: string, table: string): Promise<TableMeta | undefined> {
    const key = `${schema}.${table}`;
    const cached = this.meta.get(key);
    if (cached) return cached;
    const { rows } = await this.db.query<{ info: string }>(
      `select json_build_object(
         'rls', c.relrowsecurity, 'replicaFull', c.relreplident = 'f',
         'columns', (select json_agg(json_build_object('name', a.attname, 'type', t.typname) order by a.attnum)
                       from pg_attribute a join pg_type t on t.oid = a.atttypid where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped),
         'pk', coalesce((select json_agg(a.attname order by a.attnum) from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
                          where i.indrelid = c.oid and i.indisprimary), '[]'),
         'published', exists (select 1 from pg_publication_tables p where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname and p.tablename = c.relname)
       )::text as info
       from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relname = $2`,
      [schema, table],
    );
    if (!rows[0]) return undefined;
    const meta = JSON.parse(rows[0].info) as TableMeta;
    this.meta.set(key, meta);
    return meta;
  }

  private async visibleTo(
    subscriber: ChangeSubscriber,
    event: ChangeEvent,
    meta: TableMeta,
  ): Promise<boolean> {
    if (!meta.rls || event.type === 'DELETE' || subscriber.role === 'service_role') return true;
    if (meta.pk.length === 0 || !event.record) return false;
    const record = event.record;
    return this.db.transaction(async (tx) => {
      await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
        subscriber.role,
        JSON.stringify(subscriber.claims),
      ]);
      const conditions = meta.pk.map((column, i) => `${quoteIdent(column)} = $${i + 1}`).join(' and ');
      const { rows } = await tx.query<{ visible: boolean }>(
        `select exists (select 1 from ${quoteIdent(event.schema)}.${quoteIdent(event.table)} where ${conditions}) as visible`,
        meta.pk.map((column) => asText(record[column]) ?? null),
      );
      return rows[0]?.visible === true;
    });
  }

  private async dispatch(payload: string): Promise<void> {
    const event = JSON.parse(payload) as ChangeEvent;
    const meta = await this.tableMeta(event.schema, event.table);
    if (!meta?.published) return;
    const pkOnly = (row: Record<string, unknown> | null | undefined) =>
      Object.fromEntries(meta.pk.map((column) => [column, row?.[column] ?? null]));
    for (const subscriber of this.subscribers) {
      const ids = subscriber.bindings
        .filter(
          (binding) =>
            binding.schema === event.schema &&
            (binding.table === '*' || binding.table === event.table) &&
            (binding.event === '*' || binding.event.toUpperCase() === event.type) &&
            (!binding.filter ||
              matchesFilter(binding.filter, event.type === 'DELETE' ? event.old_record : event.record)),
        )
        .map((binding) => binding.id);
      if (ids.length === 0) continue;
      if (!(await this.visibleTo(subscriber, event, meta).catch(() => false))) continue;
      const data: Record<string, unknown> = {
        schema: event.schema,
        table: event.table,
        commit_timestamp: event.commit_timestamp,
        type: event.type,
        columns: meta.columns,
        errors: event.too_large ? ['Error 413: Payload Too Large'] : null,
      };
      if (event.type !== 'DELETE') data['record'] = event.record ?? {};
      if (event.type !== 'INSERT')
        data['old_record'] =
          meta.rls || !meta.replicaFull ? pkOnly(event.old_record) : (event.old_record ?? {});
      subscriber.deliver(ids, data);
    }
  }
}
