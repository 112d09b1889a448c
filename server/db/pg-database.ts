import pg from 'pg';

import type { Database, DbParam, Queryable, QueryResult } from './database.ts';

/**
 * A pooled PostgreSQL server. The pool replaces broken connections on its own, so the backend survives a
 * server restart: requests during the outage fail with a 503, later ones get fresh connections.
 */
export async function openPgDatabase(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // UTC keeps rendered timestamps identical to the PGlite adapter.
    options: '-c TimeZone=UTC',
    connectionTimeoutMillis: 5000,
  });
  // An idle client dies when the server restarts; without this listener the process would crash.
  pool.on('error', (error) => console.error(`database: idle connection lost (${error.message})`));

  const wrap = (target: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row>(sql: string, params: readonly DbParam[] = []): Promise<QueryResult<Row>> {
      const result = await target.query(sql, params as DbParam[]);
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
    },
    async exec(script: string): Promise<void> {
      // Without parameters pg uses the simple-query protocol, which accepts several statements.
      await target.query(script);
    },
  });

  // Fail fast at start with a clear message rather than on the first request.
  await pool.query('select 1');

  const listeners = new Map<string, { client: pg.PoolClient; handlers: Set<(payload: string) => void> }>();

  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(work) {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('begin');
        const result = await work(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        try {
          await client.query('rollback');
        } catch {
          broken = true; // the connection itself failed; drop it from the pool
        }
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async listen(channel, onPayload) {
      let entry = listeners.get(channel);
      if (!entry) {
        const client = await pool.connect();
        const handlers = new Set<(payload: string) => void>();
        client.on('notification', (message) => {
          if (message.channel === channel) for (const handler of handlers) handler(message.payload ?? '');
        });
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
        entry = { client, handlers };
        listeners.set(channel, entry);
      }
      const current = entry;
      current.handlers.add(onPayload);
      return async () => {
        current.handlers.delete(onPayload);
        if (current.handlers.size === 0 && listeners.get(channel) === current) {
          listeners.delete(channel);
          await current.client.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
          current.client.release();
        }
      };
    },
    async close() {
      for (const { client } of listeners.values()) client.release();
      listeners.clear();
      await pool.end();
    },
  };
}
