import type { Database } from '../db/database.ts';

interface ColumnInfo {
  readonly name: string;
  /** format_type() of the column, safe to splice into SQL as a cast. */
  readonly type: string;
}

export interface TableInfo {
  readonly name: string;
  readonly columns: ReadonlyMap<string, ColumnInfo>;
  readonly primaryKey: readonly string[];
}

export interface FunctionInfo {
  readonly name: string;
  /** Input arguments in order; an unnamed argument has name ''. */
  readonly args: readonly { readonly name: string; readonly type: string }[];
  readonly requiredArgs: number;
  readonly returnsSet: boolean;
  /** 'void', 'scalar' or 'row' (composite, record or table). */
  readonly returnKind: 'void' | 'scalar' | 'row';
}

const TABLES_SQL = /* sql */ `
select json_build_object(
  'name', c.relname,
  'columns', coalesce((select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod)) order by a.attnum)
                         from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]'),
  'pk', coalesce((select json_agg(a.attname order by a.attnum) from pg_index i
                   join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
                  where i.indrelid = c.oid and i.indisprimary), '[]')
)::text as info
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')`;

const FUNCTIONS_SQL = /* sql */ `
select json_build_object(
  'name', p.proname,
  'argnames', coalesce(p.proargnames, '{}'),
  'argmodes', coalesce(p.proargmodes::text[], '{}'),
  'argtypes', coalesce((select json_agg(format_type(t, null) order by ord) from unnest(p.proargtypes::oid[]) with ordinality as x(t, ord)), '[]'),
  'ndefaults', p.pronargdefaults,
  'retset', p.proretset,
  'rettype', format_type(p.prorettype, null),
  'typtype', rt.typtype
)::text as info
from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type rt on rt.oid = p.prorettype
where n.nspname = $1 and p.prokind = 'f'`;

/**
 * The exposed schema's tables, views and functions, read from the catalog. Identifiers in a request are
 * checked against it before they reach SQL; a miss reloads once, so objects created after start are found.
 */
export class SchemaCache {
  private tables = new Map<string, TableInfo>();
  private functions = new Map<string, FunctionInfo[]>();
  private loaded = false;
  private readonly db: Database;
  private readonly schema: string;

  constructor(db: Database, schema = 'public') {
    this.db = db;
    this.schema = schema;
  }

  async table(name: string): Promise<TableInfo | undefined> {
    if (!this.loaded || !this.tables.has(name)) await this.reload();
    return this.tables.get(name);
  }

  async functionOverloads(name: string): Promise<FunctionInfo[]> {
    if (!this.loaded || !this.functions.has(name)) await this.reload();
    return this.functions.get(name) ?? [];
  }

  async reload(): Promise<void> {
    const tables = new Map<string, TableInfo>();
    for (const { info } of (await this.db.query<{ info: string }>(TABLES_SQL, [this.schema])).rows) {
      const parsed = JSON.parse(info) as { name: string; columns: ColumnInfo[]; pk: string[] };
      tables.set(parsed.name, {
        name: parsed.name,
        columns: new Map(parsed.columns.map((c) => [c.name, c])),
        primaryKey: parsed.pk,
      });
    }
    const functions = new Map<string, FunctionInfo[]>();
    for (const { info } of (await this.db.query<{ info: string }>(FUNCTIONS_SQL, [this.schema])).rows) {
      const p = JSON.parse(info) as {
        name: string;
        argnames: string[];
        argmodes: string[];
        argtypes: string[];
        ndefaults: number;
        retset: boolean;
        rettype: string;
        typtype: string;
      };
      // proargnames covers OUT/TABLE columns too; input arguments are those of mode i, b or v (or all without modes).
      const inputNames =
        p.argmodes.length === 0
          ? p.argnames
          : p.argnames.filter((_, i) => ['i', 'b', 'v'].includes(p.argmodes[i] ?? 'i'));
      const args = p.argtypes.map((type, i) => ({ name: inputNames[i] ?? '', type }));
      const returnKind =
        p.rettype === 'void' ? 'void' : p.typtype === 'c' || p.rettype === 'record' ? 'row' : 'scalar';
      const list = functions.get(p.name) ?? [];
      list.push({
        name: p.name,
        args,
        requiredArgs: args.length - p.ndefaults,
        returnsSet: p.retset,
        returnKind,
      });
      functions.set(p.name, list);
    }
    this.tables = tables;
    this.functions = functions;
    this.loaded = true;
  }
}
