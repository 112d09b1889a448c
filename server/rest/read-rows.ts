import type { ApiRequest, ApiResponse } from '../http/api-request.ts';
import { compileOrder } from './compile-filter.ts';
import { compileSelect } from './compile-select.ts';
import type { Preferences } from './prefer.ts';
import {
  columnResolver,
  compileWhere,
  parseNonNegativeInt,
  parseRangeHeader,
  singularityError,
  wantsObject,
} from './rest-shared.ts';
import { restError } from './rest-error.ts';
import type { TableInfo } from './schema-cache.ts';
import { quoteIdent, SqlParams } from './sql-params.ts';
import type { Queryable } from '../db/database.ts';

/** GET/HEAD on a table or view (PostgREST read plan): filters, select, order, limit/offset/Range, count. */
export async function readRows(
  tx: Queryable,
  request: ApiRequest,
  table: TableInfo,
  prefer: Preferences,
): Promise<ApiResponse> {
  const search = request.url.searchParams;
  const params = new SqlParams();
  const resolve = columnResolver(table, '_t');
  const where = compileWhere(search, resolve, params);
  const selectList = compileSelect(search.get('select'), '_t', resolve, params);
  const order = search.get('order')
    ? `order by ${compileOrder(search.get('order') ?? '', resolve, params)}`
    : '';
  const range = parseRangeHeader(request);
  const offset = parseNonNegativeInt(search.get('offset'), 'offset') ?? range?.offset ?? 0;
  const limit = parseNonNegativeInt(search.get('limit'), 'limit') ?? range?.limit;
  const page = `${order} ${limit !== undefined ? `limit ${limit}` : ''} offset ${offset}`;
  const source = `public.${quoteIdent(table.name)}`;
  const withCount = prefer.count !== undefined;

  const sql = withCount
    ? `with _base as (select _t.* from ${source} as _t where ${where})
       select coalesce(json_agg(_r), '[]')::text as body, (json_agg(_r) -> 0)::text as first, count(*)::int as n,
              (select count(*)::int from _base) as total
         from (select ${selectList} from _base as _t ${page}) _r`
    : `select coalesce(json_agg(_r), '[]')::text as body, (json_agg(_r) -> 0)::text as first, count(*)::int as n, null::int as total
         from (select ${selectList} from ${source} as _t where ${where} ${page}) _r`;
  const { rows } = await tx.query<{ body: string; first: string | null; n: number; total: number | null }>(
    sql,
    params.values,
  );
  const result = rows[0] ?? { body: '[]', first: null, n: 0, total: null };

  const total = result.total;
  if (total !== null && offset > 0 && offset >= total && total > 0 && result.n === 0) {
    throw restError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
      null,
      {
        'Content-Range': `*/${total}`,
      },
    );
  }
  const contentRange =
    result.n > 0 ? `${offset}-${offset + result.n - 1}/${total ?? '*'}` : `*/${total ?? '*'}`;
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Range': contentRange,
  };
  if (prefer.count) headers['Preference-Applied'] = `count=${prefer.count}`;
  if (wantsObject(request)) {
    if (result.n !== 1) throw singularityError(result.n);
    return { status: 200, body: result.first ?? 'null', headers };
  }
  const status = total !== null && result.n < total ? 206 : 200;
  return { status, body: result.body, headers };
}
