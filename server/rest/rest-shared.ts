import type { ApiRequest } from '../http/api-request.ts';
import { headerValue } from '../http/api-request.ts';
import { compileFilter, compileLogic } from './compile-filter.ts';
import type { ColumnResolver } from './compile-filter.ts';
import { restError } from './rest-error.ts';
import type { TableInfo } from './schema-cache.ts';
import { quoteIdent } from './sql-params.ts';
import type { SqlParams } from './sql-params.ts';

/** Query parameters with a meaning of their own; every other one is a column filter. */
export const RESERVED_PARAMS = new Set([
  'select',
  'columns',
  'on_conflict',
  'order',
  'limit',
  'offset',
  'and',
  'or',
  'not.and',
  'not.or',
  'apikey',
]);

/** Resolves request column names against the catalog and qualifies them with `alias`. */
export function columnResolver(table: TableInfo, alias: string): ColumnResolver {
  return (name) => {
    if (!table.columns.has(name))
      throw restError(400, '42703', `column ${table.name}.${name} does not exist`);
    return `${alias}.${quoteIdent(name)}`;
  };
}

/** ANDs every filter and logic parameter of the request; 'true' when there are none. */
export function compileWhere(
  searchParams: URLSearchParams,
  resolve: ColumnResolver,
  params: SqlParams,
  skip: ReadonlySet<string> = new Set(),
): string {
  const conditions: string[] = [];
  for (const [key, value] of searchParams) {
    if (skip.has(key)) continue;
    if (key === 'or' || key === 'and' || key === 'not.or' || key === 'not.and') {
      const negate = key.startsWith('not.');
      conditions.push(
        compileLogic(
          negate ? (key.slice(4) as 'and' | 'or') : (key as 'and' | 'or'),
          negate,
          value,
          resolve,
          params,
        ),
      );
    } else if (!RESERVED_PARAMS.has(key)) {
      if (key.includes('.') && !key.includes('->'))
        throw restError(
          400,
          'PGRST100',
          `"failed to parse filter (${key})"`,
          'Filters on embedded resources are not supported by the local backend yet',
        );
      conditions.push(compileFilter(key, value, resolve, params));
    }
  }
  return conditions.length === 0 ? 'true' : conditions.join(' and ');
}

/** Accept: application/vnd.pgrst.object+json asks for exactly one object (single()). */
export function wantsObject(request: ApiRequest): boolean {
  return (headerValue(request.headers, 'accept') ?? '').includes('application/vnd.pgrst.object+json');
}

export const singularityError = (rows: number) =>
  restError(
    406,
    'PGRST116',
    'JSON object requested, multiple (or no) rows returned',
    `The result contains ${rows} rows`,
  );

/** Only `public` is exposed, as in a default Supabase project. */
export function checkProfile(request: ApiRequest): void {
  const profile = headerValue(
    request.headers,
    request.method === 'GET' || request.method === 'HEAD' ? 'accept-profile' : 'content-profile',
  );
  if (profile !== undefined && profile !== 'public')
    throw restError(406, 'PGRST106', 'The schema must be one of the following: public', null, null);
}

export function parseNonNegativeInt(value: string | null, name: string): number | undefined {
  if (value === null || value === '') return undefined;
  if (!/^\d{1,9}$/.test(value))
    throw restError(400, 'PGRST100', `"failed to parse ${name} parameter (${value.slice(0, 40)})"`);
  return Number(value);
}

/** The Range request header (`0-9`), as offset and limit. */
export function parseRangeHeader(
  request: ApiRequest,
): { offset: number; limit: number | undefined } | undefined {
  const range = headerValue(request.headers, 'range');
  const match = range ? /^(?:items=)?(\d{1,9})-(\d{0,9})$/.exec(range.trim()) : null;
  if (!match) return undefined;
  const from = Number(match[1]);
  const to = match[2] ? Number(match[2]) : undefined;
  return { offset: from, limit: to === undefined ? undefined : Math.max(0, to - from + 1) };
}
