import { mkdirSync } from 'node:fs';

import { PGlite } from '@electric-sql/pglite';

import type { Database, DbParam, Queryable, QueryResult } from './database.ts';
import { DURABLE_START_PARAMS } from './durable-start-params.ts';
import { DurableNodeFS } from './durable-node-fs.ts';

/**
 * PGlite is a single connection; its own mutex serialises `query` and `transaction`, which gives every HTTP
 * request the same isolation a pooled server connection would (one request's transaction at a time).
 */
export async function openPgliteDatabase(dataDir: string): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  // A journal kept on disk survives a power loss; an in-memory database (tests) has nothing to flush.
  const db = inMemory
    ? new PGlite(dataDir)
    : new PGlite({ fs: new DurableNodeFS(dataDir), startParams: DURABLE_START_PARAMS });
  await db.waitReady;
  // Session settings persist on the one connection; UTC keeps rendered timestamps identical to the pg adapter.
  await db.exec(`set time zone 'UTC'`);

  const wrap = (target: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<Row>(sql: string, params: readonly DbParam[] = []): Promise<QueryResult<Row>> {
      const result = await target.query<Row>(sql, params as DbParam[]);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async exec(script: string): Promise<void> {
      await target.exec(script);
    },
  });

  return {
    kind: 'pglite',
    ...wrap(db),
    transaction: (work) => db.transaction((tx) => work(wrap(tx))),
    listen: async (channel, onPayload) => {
      const unlisten = await db.listen(channel, onPayload);
      return () => unlisten();
    },
    close: () => db.close(),
  };
}
