import { badQuery } from './rest-error.ts';
import { splitTopLevel, unquote } from './sql-params.ts';
import type { SqlParams } from './sql-params.ts';

/** Turns a column name from the request into a SQL reference, or throws when the column does not exist. */
export type ColumnResolver = (name: string) => string;

const SIMPLE_OPERATORS: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxl: '&<',
  nxr: '&>',
  adj: '-|-',
  isdistinct: 'is distinct from',
};

const FTS_FUNCTIONS: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

const IS_VALUES: Record<string, string> = {
  null: 'null',
  not_null: 'not null',
  true: 'true',
  false: 'false',
  unknown: 'unknown',
};

/**
 * A field name as PostgREST reads it: bare, or in double quotes (`"_modified"`, as clients quote names
 * that may be mixed-case), with `\"` and `\\` escapes inside. Returns the name and what follows it.
 */
function readFieldName(ref: string): { name: string; rest: string } {
  if (!ref.startsWith('"')) {
    const arrow = ref.search(/->/);
    return arrow < 0 ? { name: ref, rest: '' } : { name: ref.slice(0, arrow), rest: ref.slice(arrow) };
  }
  let name = '';
  for (let i = 1; i < ref.length; i += 1) {
    const char = ref[i] ?? '';
    if (char === '\\' && i + 1 < ref.length) {
      name += ref[i + 1] ?? '';
      i += 1;
    } else if (char === '"') return { name, rest: ref.slice(i + 1) };
    else name += char;
  }
  throw badQuery(`"failed to parse filter (${ref})"`, 'unterminated quoted field name');
}

/** Splits `field.rest` at the dot after the field name, which may be quoted and hold dots itself. */
function splitFieldAndRest(item: string): { field: string; rest: string } | undefined {
  const end = item.startsWith('"') ? item.length - readFieldName(item).rest.length : 0;
  const dot = item.indexOf('.', end);
  if (dot <= 0) return undefined;
  return { field: item.slice(0, dot), rest: item.slice(dot + 1) };
}

/** `col`, or `col->key->>key` JSON paths; keys become parameters, array indexes integer literals. */
export function compileColumnRef(ref: string, resolve: ColumnResolver, params: SqlParams): string {
  const field = readFieldName(ref);
  const parts = [field.name, ...field.rest.split(/(->>?)/).slice(1)];
  if (field.rest !== '' && !field.rest.startsWith('->'))
    throw badQuery(`"failed to parse filter (${ref})"`, `unexpected "${field.rest}"`);
  let sql = resolve(parts[0] ?? '');
  for (let i = 1; i < parts.length; i += 2) {
    const arrow = parts[i] ?? '->';
    const key = parts[i + 1] ?? '';
    if (key === '') throw badQuery(`"failed to parse filter (${ref})"`);
    sql = `${sql}${arrow}${/^-?\d+$/.test(key) ? key : `${params.add(key)}::text`}`;
  }
  return sql;
}

/** Compiles `value` of a `column=value` filter: `[not.]op[(modifier)].operand` (PostgREST QueryParams.hs). */
export function compileFilter(
  column: string,
  value: string,
  resolve: ColumnResolver,
  params: SqlParams,
): string {
  const target = compileColumnRef(column, resolve, params);
  let rest = value;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  if (dot < 0)
    throw badQuery(
      `"failed to parse filter (${value})" (line 1, column 1)`,
      'unexpected end of input expecting operator',
    );
  const opToken = rest.slice(0, dot);
  const operand = rest.slice(dot + 1);
  const opMatch = /^([a-z]+)(?:\(([a-z_]+)\))?$/.exec(opToken);
  if (!opMatch) throw badQuery(`"failed to parse filter (${value})"`, `unknown operator "${opToken}"`);
  const [, op = '', modifier] = opMatch;
  const sql = compileOperator(target, op, modifier, operand, params, value);
  return negate ? `not (${sql})` : sql;
}

function compileOperator(
  target: string,
  op: string,
  modifier: string | undefined,
  operand: string,
  params: SqlParams,
  raw: string,
): string {
  if (op in FTS_FUNCTIONS) {
    const config = modifier ? `${params.add(modifier)}::regconfig, ` : '';
    return `${target} @@ ${FTS_FUNCTIONS[op]}(${config}${params.add(operand)})`;
  }
  if (modifier !== undefined)
    throw badQuery(`"failed to parse filter (${raw})"`, `operator modifiers are not supported for ${op}`);
  if (op === 'is') {
    const keyword = IS_VALUES[operand.toLowerCase()];
    if (!keyword)
      throw badQuery(
        `"failed to parse filter (${raw})"`,
        'is accepts null, not_null, true, false or unknown',
      );
    return `${target} is ${keyword}`;
  }
  if (op === 'in') {
    const list = /^\((.*)\)$/s.exec(operand);
    if (!list) throw badQuery(`"failed to parse filter (${raw})"`, 'in expects a parenthesised list');
    const items = (list[1] ?? '').trim() === '' ? [] : splitTopLevel(list[1] ?? '').map(unquote);
    if (items.length === 0) return 'false';
    return `${target} in (${items.map((item) => params.add(item)).join(', ')})`;
  }
  const sqlOp = SIMPLE_OPERATORS[op];
  if (!sqlOp) throw badQuery(`"failed to parse filter (${raw})"`, `unknown operator "${op}"`);
  let literal = operand;
  if (op === 'like' || op === 'ilike') literal = operand.replace(/\*/g, '%');
  // PostgREST lets ov take a (a,b) list for arrays; Postgres spells array literals with braces.
  if (op === 'ov' && /^\(.*\)$/s.test(operand)) literal = `{${operand.slice(1, -1)}}`;
  return `${target} ${sqlOp} ${params.add(literal)}`;
}

/** Compiles `or=(a.eq.1,and(b.gt.2,c.is.null))` style trees; `negate` for `not.or`. */
export function compileLogic(
  kind: 'and' | 'or',
  negate: boolean,
  value: string,
  resolve: ColumnResolver,
  params: SqlParams,
): string {
  const body = /^\((.*)\)$/s.exec(value.trim());
  if (!body) throw badQuery(`"failed to parse logic tree (${value})"`, 'expecting "("');
  const items = splitTopLevel(body[1] ?? '').map((item) => item.trim());
  if (items.some((item) => item === ''))
    throw badQuery(`"failed to parse logic tree (${value})"`, 'empty condition');
  const compiled = items.map((item) => {
    const nested = /^(not\.)?(and|or)(\(.*\))$/s.exec(item);
    if (nested)
      return compileLogic(
        nested[2] as 'and' | 'or',
        nested[1] !== undefined,
        nested[3] ?? '',
        resolve,
        params,
      );
    const split = splitFieldAndRest(item);
    if (!split) throw badQuery(`"failed to parse logic tree (${value})"`, `cannot parse "${item}"`);
    return compileFilter(split.field, split.rest, resolve, params);
  });
  const joined = `(${compiled.join(kind === 'and' ? ' and ' : ' or ')})`;
  return negate ? `not ${joined}` : joined;
}

/** `order=a.desc.nullslast,b` → SQL order items. */
export function compileOrder(value: string, resolve: ColumnResolver, params: SqlParams): string {
  return splitTopLevel(value)
    .map((term) => {
      const parts = term.trim().split('.');
      const column = parts.shift() ?? '';
      let sql = compileColumnRef(column, resolve, params);
      for (const modifier of parts) {
        if (modifier === 'asc' || modifier === 'desc') sql += ` ${modifier}`;
        else if (modifier === 'nullsfirst') sql += ' nulls first';
        else if (modifier === 'nullslast') sql += ' nulls last';
        else throw badQuery(`"failed to parse order (${value})"`, `unexpected "${modifier}"`);
      }
      return sql;
    })
    .join(', ');
}
