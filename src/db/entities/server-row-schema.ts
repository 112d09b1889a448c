import { z } from 'zod';

import { tablePolicy, type SyncedTable } from './entity-tables.ts';
import { sealedValueSchema } from './sealed-value.ts';

const schemas = new Map<SyncedTable, z.ZodType<Record<string, unknown>>>();

/**
 * A row as the server may hold it: each protected field either its clear value or a sealed one (an
 * encrypted journal's, ADR 0151); every other field exactly as the entity's schema says. The server
 * model checks pushes with it, as sync_push checks them against the catalog.
 */
export function serverRowSchema(table: SyncedTable): z.ZodType<Record<string, unknown>> {
  const known = schemas.get(table);
  if (known) return known;
  const { schema, protectedFields } = tablePolicy(table);
  if (!(schema instanceof z.ZodObject)) throw new Error(`The schema of ${table} is not an object schema`);
  const widened = schema.extend(
    Object.fromEntries(
      Object.entries(protectedFields).map(([field, plainBytes]) => {
        const clear = schema.shape[field];
        if (!clear) throw new Error(`${table}.${field} is protected but not in its schema`);
        return [field, z.union([clear, sealedValueSchema(plainBytes)])];
      }),
    ),
  );
  schemas.set(table, widened);
  return widened;
}
