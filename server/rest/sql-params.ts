import type { DbParam } from '../db/database.ts';

/** Collects bound values; `add` returns the placeholder. Every request value reaches SQL only this way. */
export class SqlParams {
  readonly values: DbParam[] = [];

  add(value: DbParam): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Quotes an identifier (doubling embedded quotes), so any name is inert as SQL. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Splits at `separator` outside parentheses, braces and double quotes (PostgREST's list grammar). */
export function splitTopLevel(input: string, separator = ','): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < input.length; i += 1) {
    const char = input[i] ?? '';
    if (quoted) {
      current += char;
      if (char === '\\' && i + 1 < input.length) {
        current += input[i + 1] ?? '';
        i += 1;
      } else if (char === '"') quoted = false;
      continue;
    }
    if (char === '"') quoted = true;
    else if (char === '(' || char === '{' || char === '[') depth += 1;
    else if (char === ')' || char === '}' || char === ']') depth -= 1;
    if (char === separator && depth === 0) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts;
}

/** Removes surrounding double quotes and backslash escapes from a list item. */
export function unquote(item: string): string {
  const trimmed = item.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"'))
    return trimmed.slice(1, -1).replace(/\\(.)/g, '$1');
  return trimmed;
}
