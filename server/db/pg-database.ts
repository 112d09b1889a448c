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

  /**
   * One pooled connection per LISTEN channel. When the server goes away the connection errors; it is dropped
   * and re-established (with LISTEN again) every second until the server is back. Notifications sent while
   * disconnected are lost, as they would be for any LISTEN client.
   */
  interface Listener {
    client: pg.PoolClient | undefined;
    readonly handlers: Set<(payload: string) => void>;
  }
  const listeners = new Map<string, Listener>();
  let closed = false;

  const connectListener = async (channel: string, entry: Listener): Promise<void> => {
    const retry = () => {
      if (!closed && listeners.get(channel) === entry)
        setTimeout(() => void connectListener(channel, entry), 1000).unref();
    };
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch {
      retry();
      return;
    }
    // A lost server fails the LISTEN in progress and also emits 'error': whichever comes first drops the
    // connection and schedules one retry; the other finds it dropped (pg-pool throws on a second release).
    let dropped = false;
    const drop = () => {
      if (dropped) return;
      dropped = true;
      if (entry.client === client) entry.client = undefined;
      client.release(true);
      retry();
    };
    client.on('error', (error) => {
      console.error(`database: LISTEN connection lost (${error.message}); reconnecting`);
      drop();
    });
    client.on('notification', (message) => {
      if (message.channel === channel) for (const handler of entry.handlers) handler(message.payload ?? '');
    });
    try {
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (!dropped) entry.client = client;
    } catch {
      drop();
    }
  };

  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(work) {
      const client = await pool.connect();
      // The pool listens for errors only on idle clients. One lent out here that loses its server (a
      // stop, a crash) emits 'error'; unheard, that would end the process. The statement in progress
      // fails with the same cause, so the request still gets its answer (a 503).
      let broken = false;
      const onLost = () => {
        broken = true;
      };
      client.on('error', onLost);
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
        client.off('error', onLost);
        client.release(broken);
      }
    },
    async listen(channel, onPayload) {
      let entry = listeners.get(channel);
      if (!entry) {
        entry = { client: undefined, handlers: new Set() };
        listeners.set(channel, entry);
        await connectListener(channel, entry);
      }
      const current = entry;
      current.handlers.add(onPayload);
      return async () => {
        current.handlers.delete(onPayload);
        if (current.handlers.size === 0 && listeners.get(channel) === current) {
          listeners.delete(channel);
          const client = current.client;
          current.client = undefined;
          if (client) {
            await client.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
            client.release();
          }
        }
      };
    },
    async close() {
      closed = true;
      for (const entry of listeners.values()) entry.client?.release();
      listeners.clear();
      await pool.end();
    },
  };
}
