import type { Queryable } from '../db/database.ts';
import type { ApiRequest, ApiResponse } from '../http/api-request.ts';
import { parseJsonBody } from '../http/read-body.ts';
import { compileOrder } from './compile-filter.ts';
import { compileSelect } from './compile-select.ts';
import type { Preferences } from './prefer.ts';
import { restError } from './rest-error.ts';
import { columnResolver, compileWhere, singularityError, wantsObject } from './rest-shared.ts';
import type { TableInfo } from './schema-cache.ts';
import { quoteIdent, splitTopLevel, SqlParams, unquote } from './sql-params.ts';

type Row = Record<string, unknown>;

interface Outcome {
  readonly body: string;
  readonly first: string | null;
  readonly n: number;
}

const invalidBody = (details: string | null = null) =>
  restError(400, 'PGRST102', 'Empty or invalid json', details);

function readJson(request: ApiRequest): unknown {
  try {
    return parseJsonBody(request.body);
  } catch {
    throw invalidBody();
  }
}

function checkColumns(table: TableInfo, columns: readonly string[]): void {
  for (const column of columns) {
    if (!table.columns.has(column))
      throw restError(
        400,
        'PGRST204',
        `Could not find the '${column}' column of '${table.name}' in the schema cache`,
      );
  }
}

/**
 * Wraps a data-modifying statement: its RETURNING rows are rendered by Postgres as the response. Without
 * `select` the statement returns a constant, so it needs neither SELECT privilege nor SELECT policies.
 */
async function runMutation(
  tx: Queryable,
  request: ApiRequest,
  table: TableInfo,
  statement: (returning: string) => string,
  params: SqlParams,
  prefer: Preferences,
): Promise<Outcome> {
  const representation = prefer.return === 'representation';
  const resolve = columnResolver(table, '_m');
  const selectList = representation
    ? compileSelect(request.url.searchParams.get('select'), '_m', resolve, params)
    : '';
  const orderParam = request.url.searchParams.get('order');
  const order = representation && orderParam ? `order by ${compileOrder(orderParam, resolve, params)}` : '';
  const sql = representation
    ? `with _m as (${statement('_t.*')}) select coalesce(json_agg(_r), '[]')::text as body, (json_agg(_r) -> 0)::text as first, count(*)::int as n from (select ${selectList} from _m ${order}) _r`
    : `with _m as (${statement('1')}) select '[]' as body, null::text as first, count(*)::int as n from _m`;
  const { rows } = await tx.query<Outcome>(sql, params.values);
  return rows[0] ?? { body: '[]', first: null, n: 0 };
}

function respond(
  request: ApiRequest,
  prefer: Preferences,
  outcome: Outcome,
  successStatus: number,
  contentRange: string,
  applied: string[],
): ApiResponse {
  if (wantsObject(request) && outcome.n !== 1) throw singularityError(outcome.n);
  const headers: Record<string, string> = { 'Content-Range': contentRange };
  if (applied.length > 0) headers['Preference-Applied'] = applied.join(', ');
  if (prefer.return !== 'representation') return { status: successStatus === 201 ? 201 : 204, headers };
  headers['Content-Type'] = 'application/json; charset=utf-8';
  return {
    status: successStatus,
    body: wantsObject(request) ? (outcome.first ?? 'null') : outcome.body,
    headers,
  };
}

/** POST: insert, or upsert with Prefer resolution (PostgREST Query/QueryBuilder.hs mutation plan). */
export async function insertRows(
  tx: Queryable,
  request: ApiRequest,
  table: TableInfo,
  prefer: Preferences,
): Promise<ApiResponse> {
  const body = readJson(request);
  const rows: Row[] = Array.isArray(body)
    ? (body as Row[])
    : body !== null && typeof body === 'object'
      ? [body as Row]
      : [];
  if (
    body === undefined ||
    body === null ||
    typeof body !== 'object' ||
    rows.some((row) => row === null || typeof row !== 'object' || Array.isArray(row))
  ) {
    throw invalidBody();
  }
  const columnsParam = request.url.searchParams.get('columns');
  let columns: string[];
  if (columnsParam !== null) {
    columns = splitTopLevel(columnsParam)
      .map(unquote)
      .filter((c) => c !== '');
  } else {
    columns = Object.keys(rows[0] ?? {});
    const signature = [...columns].sort().join('\u0000');
    if (rows.some((row) => Object.keys(row).sort().join('\u0000') !== signature))
      throw invalidBody('All object keys must match');
  }
  checkColumns(table, columns);

  const onConflictParam = request.url.searchParams.get('on_conflict');
  const conflictColumns =
    onConflictParam !== null ? splitTopLevel(onConflictParam).map(unquote) : [...table.primaryKey];
  if (prefer.resolution) {
    checkColumns(table, conflictColumns);
    if (conflictColumns.length === 0)
      throw restError(
        400,
        'PGRST100',
        `Upsert on '${table.name}' needs on_conflict: the table has no primary key`,
      );
  }

  // With missing=default an absent key takes the column default, so rows are grouped by the keys they carry.
  const groups = new Map<string, { columns: string[]; rows: Row[] }>();
  for (const row of rows) {
    const present = prefer.missing === 'default' ? columns.filter((c) => c in row) : columns;
    const key = present.join('\u0000');
    const group = groups.get(key) ?? { columns: present, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }

  const target = `public.${quoteIdent(table.name)}`;
  let total: Outcome = { body: '[]', first: null, n: 0 };
  const bodies: string[] = [];
  for (const group of groups.values()) {
    const list = group.columns.map(quoteIdent).join(', ');
    const conflict =
      prefer.resolution === undefined
        ? ''
        : prefer.resolution === 'ignore-duplicates' || group.columns.length === 0
          ? ` on conflict (${conflictColumns.map(quoteIdent).join(', ')}) do nothing`
          : ` on conflict (${conflictColumns.map(quoteIdent).join(', ')}) do update set ${group.columns.map((c) => `${quoteIdent(c)} = excluded.${quoteIdent(c)}`).join(', ')}`;
    // DEFAULT VALUES inserts one row per statement; otherwise the whole group is one statement.
    const batches = group.columns.length === 0 ? group.rows.map(() => []) : [group.rows];
    for (const batch of batches) {
      const params = new SqlParams();
      const json = batch.length > 0 ? params.add(JSON.stringify(batch)) : '';
      const statement = (returning: string) =>
        batch.length === 0
          ? `insert into ${target} as _t default values${conflict} returning ${returning}`
          : `insert into ${target} as _t (${list}) select ${list} from json_populate_recordset(null::${target}, ${json}::json)${conflict} returning ${returning}`;
      const outcome = await runMutation(tx, request, table, statement, params, prefer);
      bodies.push(outcome.body);
      total = { body: '', first: total.first ?? outcome.first, n: total.n + outcome.n };
    }
  }
  // One statement's rendering is passed through untouched (no JS number round-trip); several are concatenated.
  const rendered =
    bodies.length === 1
      ? (bodies[0] ?? '[]')
      : JSON.stringify(bodies.flatMap((text) => JSON.parse(text) as unknown[]));
  total = { ...total, body: rendered };
  const applied = [
    prefer.resolution && `resolution=${prefer.resolution}`,
    prefer.missing && `missing=${prefer.missing}`,
    prefer.return && `return=${prefer.return}`,
  ].filter((value): value is string => Boolean(value));
  return respond(request, prefer, total, 201, `*/${total.n}`, applied);
}

/** PATCH: update the filtered rows with the body's columns. An empty object updates nothing. */
export async function updateRows(
  tx: Queryable,
  request: ApiRequest,
  table: TableInfo,
  prefer: Preferences,
): Promise<ApiResponse> {
  const body = readJson(request);
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body))
    throw invalidBody();
  const columns = Object.keys(body);
  checkColumns(table, columns);
  const params = new SqlParams();
  const target = `public.${quoteIdent(table.name)}`;
  const json = params.add(JSON.stringify(body));
  const where = compileWhere(request.url.searchParams, columnResolver(table, '_t'), params);
  const outcome =
    columns.length === 0
      ? { body: '[]', first: null, n: 0 }
      : await runMutation(
          tx,
          request,
          table,
          (returning) =>
            `update ${target} as _t set ${columns.map((c) => `${quoteIdent(c)} = _b.${quoteIdent(c)}`).join(', ')}
               from (select * from json_populate_record(null::${target}, ${json}::json)) as _b where ${where} returning ${returning}`,
          params,
          prefer,
        );
  return respondToChange(request, prefer, outcome);
}

/** PATCH and DELETE answer alike: 200 with the affected range and the return preference applied. */
function respondToChange(request: ApiRequest, prefer: Preferences, outcome: Outcome): ApiResponse {
  return respond(
    request,
    prefer,
    outcome,
    200,
    outcome.n > 0 ? `0-${outcome.n - 1}/*` : '*/*',
    prefer.return ? [`return=${prefer.return}`] : [],
  );
}

/** DELETE: remove the filtered rows (all rows visible under RLS when there is no filter, as on Supabase). */
export async function deleteRows(
  tx: Queryable,
  request: ApiRequest,
  table: TableInfo,
  prefer: Preferences,
): Promise<ApiResponse> {
  const params = new SqlParams();
  const target = `public.${quoteIdent(table.name)}`;
  const where = compileWhere(request.url.searchParams, columnResolver(table, '_t'), params);
  const outcome = await runMutation(
    tx,
    request,
    table,
    (returning) => `delete from ${target} as _t where ${where} returning ${returning}`,
    params,
    prefer,
  );
  return respondToChange(request, prefer, outcome);
}
