import { compileColumnRef } from './compile-filter.ts';
import type { ColumnResolver } from './compile-filter.ts';
import { badQuery } from './rest-error.ts';
import { quoteIdent, splitTopLevel } from './sql-params.ts';
import type { SqlParams } from './sql-params.ts';

// A cast target: letters, digits, underscores, spaces and an optional [] suffix; nothing else can reach SQL.
const CAST_TYPE = /^[a-z_][a-z0-9_ ]*(\[\])?$/i;

/**
 * Compiles `select=` (columns, `alias:column`, `column::type`, JSON paths, `*`) into a SQL select list whose
 * output names become the JSON keys. Resource embedding (`other(*)`) is not supported yet and is a 400.
 */
export function compileSelect(
  value: string | null,
  qualifier: string,
  resolve: ColumnResolver,
  params: SqlParams,
): string {
  if (value === null || value.trim() === '' || value.trim() === '*') return `${qualifier}.*`;
  return splitTopLevel(value)
    .map((rawItem) => {
      const item = rawItem.trim();
      if (item === '*') return `${qualifier}.*`;
      if (item.includes('('))
        throw badQuery(
          `"failed to parse select parameter (${value})"`,
          'Resource embedding is not supported by the local backend yet',
        );
      let alias: string | undefined;
      let expression = item;
      const aliasMatch = /^([A-Za-z_][A-Za-z0-9_ ]*):(?!:)(.+)$/.exec(item);
      if (aliasMatch) {
        alias = aliasMatch[1];
        expression = aliasMatch[2] ?? '';
      }
      let cast: string | undefined;
      const castIndex = expression.indexOf('::');
      if (castIndex >= 0) {
        cast = expression.slice(castIndex + 2);
        expression = expression.slice(0, castIndex);
        if (!CAST_TYPE.test(cast))
          throw badQuery(`"failed to parse select parameter (${value})"`, `invalid cast "${cast}"`);
      }
      const sql = compileColumnRef(expression, resolve, params);
      // A JSON path's output name is its last key, as in PostgREST.
      const name = alias ?? expression.split(/->>?/).pop() ?? expression;
      return `${sql}${cast ? `::${cast}` : ''} as ${quoteIdent(name)}`;
    })
    .join(', ');
}
