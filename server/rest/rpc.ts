import type { Queryable } from '../db/database.ts';
import type { ApiRequest, ApiResponse } from '../http/api-request.ts';
import { parseJsonBody } from '../http/read-body.ts';
import { compileOrder } from './compile-filter.ts';
import type { ColumnResolver } from './compile-filter.ts';
import { compileSelect } from './compile-select.ts';
import { restError } from './rest-error.ts';
import {
  compileWhere,
  parseNonNegativeInt,
  RESERVED_PARAMS,
  singularityError,
  wantsObject,
} from './rest-shared.ts';
import type { FunctionInfo } from './schema-cache.ts';
import { quoteIdent, SqlParams } from './sql-params.ts';

type Args = Record<string, unknown>;

/** Picks the overload whose input names cover the given arguments and whose required ones are all given. */
function chooseOverload(overloads: readonly FunctionInfo[], args: Args): FunctionInfo | undefined {
  const given = Object.keys(args);
  return overloads.find((fn) => {
    const names = fn.args.map((arg) => arg.name);
    if (fn.args.length === 1 && names[0] === '' && /^jsonb?$/.test(fn.args[0]?.type ?? '')) return true; // single unnamed json argument takes the body
    return (
      given.every((name) => names.includes(name)) &&
      fn.args.slice(0, fn.requiredArgs).every((arg) => given.includes(arg.name))
    );
  });
}

/** A JSON argument value as SQL: the value travels as one text parameter with a cast to the declared type. */
function argumentSql(value: unknown, type: string, params: SqlParams): string {
  if (value === null || value === undefined) return `null::${type}`;
  if (Array.isArray(value) && type.endsWith('[]'))
    return `array(select jsonb_array_elements_text(${params.add(JSON.stringify(value))}::jsonb))::${type}`;
  if (typeof value === 'object') return `${params.add(JSON.stringify(value))}::${type}`;
  return `${params.add(String(value))}::${type}`;
}

/** POST, GET or HEAD /rpc/<fn> (PostgREST's call plan). GET and HEAD run read-only, so volatile functions get 405. */
export async function callFunction(
  tx: Queryable,
  request: ApiRequest,
  name: string,
  overloads: readonly FunctionInfo[],
): Promise<ApiResponse> {
  const search = request.url.searchParams;
  let args: Args;
  const fromQuery = request.method === 'GET' || request.method === 'HEAD';
  if (fromQuery) {
    args = {};
    const argNames = new Set(overloads.flatMap((fn) => fn.args.map((arg) => arg.name)));
    for (const [key, value] of search) if (argNames.has(key) && !RESERVED_PARAMS.has(key)) args[key] = value;
  } else {
    let body: unknown;
    try {
      body = parseJsonBody(request.body);
    } catch {
      throw restError(400, 'PGRST102', 'Empty or invalid json');
    }
    if (body !== undefined && (body === null || typeof body !== 'object' || Array.isArray(body)))
      throw restError(400, 'PGRST102', 'Empty or invalid json');
    args = (body as Args | undefined) ?? {};
  }
  const fn = chooseOverload(overloads, args);
  if (!fn) {
    const keys = Object.keys(args).sort().join(', ');
    throw restError(
      404,
      'PGRST202',
      `Could not find the function public.${name}(${keys}) in the schema cache`,
      `Searched for the function public.${name} with parameters ${keys || 'none'}, but no matches were found in the schema cache.`,
    );
  }
  const params = new SqlParams();
  const singleJson = fn.args.length === 1 && fn.args[0]?.name === '';
  const callArgs = singleJson
    ? argumentSql(args, fn.args[0]?.type ?? 'json', params)
    : fn.args
        .filter((arg) => arg.name in args)
        .map((arg) => `${quoteIdent(arg.name)} => ${argumentSql(args[arg.name], arg.type, params)}`)
        .join(', ');
  const call = `public.${quoteIdent(fn.name)}(${callArgs})`;

  if (fn.returnKind === 'void') {
    await tx.query(`select ${call}`, params.values);
    return { status: 204 };
  }
  if (!fn.returnsSet && fn.returnKind === 'scalar') {
    const { rows } = await tx.query<{ body: string | null }>(
      `select to_json(${call})::text as body`,
      params.values,
    );
    return {
      status: 200,
      body: rows[0]?.body ?? 'null',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    };
  }
  // Set-returning or row-returning: filters, select, order and limit apply to the result, like a table.
  // Result columns are not in the schema cache, so names are quoted but checked by Postgres (42703 → 400).
  const resolve: ColumnResolver = (column) => `_t.${quoteIdent(column)}`;
  const skip = new Set(Object.keys(fromQuery ? args : {}));
  const source = fn.returnKind === 'scalar' ? `(select _v from ${call} as _f(_v)) as _t` : `${call} as _t`;
  const where = compileWhere(search, resolve, params, skip);
  const selectList =
    fn.returnKind === 'scalar' ? '_t._v' : compileSelect(search.get('select'), '_t', resolve, params);
  const order = search.get('order')
    ? `order by ${compileOrder(search.get('order') ?? '', resolve, params)}`
    : '';
  const limit = parseNonNegativeInt(search.get('limit'), 'limit');
  const offset = parseNonNegativeInt(search.get('offset'), 'offset') ?? 0;
  const aggregate = fn.returnKind === 'scalar' ? 'json_agg(_r._v)' : 'json_agg(_r)';
  const { rows } = await tx.query<{ body: string; first: string | null; n: number }>(
    `select coalesce(${aggregate}, '[]')::text as body, (${aggregate} -> 0)::text as first, count(*)::int as n
       from (select ${selectList} from ${source} where ${where} ${order} ${limit !== undefined ? `limit ${limit}` : ''} offset ${offset}) _r`,
    params.values,
  );
  const result = rows[0] ?? { body: '[]', first: null, n: 0 };
  const headers = { 'Content-Type': 'application/json; charset=utf-8' };
  // A function returning one composite value answers with an object, as PostgREST does.
  if (!fn.returnsSet || wantsObject(request)) {
    if (wantsObject(request) && result.n !== 1) throw singularityError(result.n);
    return { status: 200, body: result.first ?? 'null', headers };
  }
  return { status: 200, body: result.body, headers };
}
