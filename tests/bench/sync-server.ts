import { randomUUID } from 'node:crypto';

import { createSupabaseSyncTransport } from '../../src/lib/sync/supabase-sync-transport.ts';
import { pullResponseSchema, pushResponseSchema } from '../../src/sync/protocol.ts';
import type { TargetName } from '../integration/backend/support/backend-targets.ts';
import { signUpUser, startSyncBackend } from '../integration/sync/support/sync-backend.ts';
import { device, newNote } from '../integration/sync/support/sync-requests.ts';
import type { Benchmark, Metric } from './benchmark.ts';
import { summarize } from './summarize.ts';

const MIN_RUNS = 5;
const BATCH = 200;
const CHANGES = 1000;

/**
 * The server's share of the sync budgets (issue 4): how fast sync_push absorbs a drained outbox (1,000
 * edits in batches of 200, through supabase-js and the local backend) and how long a fresh device's
 * initial pull of 10,000 rows takes in pages of 500, on PGlite and on PostgreSQL 15.
 */
export const syncServer: Benchmark = {
  name: 'sync-server',
  description: 'sync_push drain rate and the initial sync_pull of 10,000 rows, through the local backend',
  async run({ runs, log }) {
    const runCount = Math.max(runs, 1);
    if (runCount < MIN_RUNS)
      log(`sync-server: ${runCount} runs is below the ${MIN_RUNS} the figures are meant for`);
    const metrics: Metric[] = [];
    const details: Record<string, unknown> = {};
    for (const target of ['pglite', 'postgres'] as TargetName[]) {
      const backend = await startSyncBackend(target);
      try {
        const user = await signUpUser(backend);
        const transport = createSupabaseSyncTransport(user.supabase, user.id);
        const session = { userId: user.id, accessToken: user.token };
        const dev = device(user.id);
        const push = async (mutations: ReturnType<typeof dev.mutation>[]) =>
          pushResponseSchema.parse(await transport.push(dev.push(mutations), session));
        // 10,000 notes to pull, written once (not measured).
        const ids: string[] = [];
        for (let i = 0; i < 10_000 / BATCH; i++) {
          const batch = Array.from({ length: BATCH }, () => randomUUID());
          ids.push(...batch);
          await push(batch.map((id) => dev.mutation('notes', id, newNote(id))));
        }
        const drains: number[] = [];
        const pulls: number[] = [];
        for (let run = 1; run <= runCount; run++) {
          const edited = ids.slice((run - 1) * CHANGES, run * CHANGES);
          const started = performance.now();
          for (let i = 0; i < CHANGES; i += BATCH) {
            await push(
              edited.slice(i, i + BATCH).map((id) => dev.mutation('notes', id, { body: `run ${run}` })),
            );
          }
          drains.push((CHANGES / (performance.now() - started)) * 1000);

          const fresh = device(user.id);
          const pullStarted = performance.now();
          let cursor = 0;
          let rows = 0;
          for (;;) {
            // As the engine asks: rows whose fields share an HLC carry it once (R4, ADR 0118).
            const request = fresh.pull(cursor, 500);
            const page = pullResponseSchema.parse(await transport.pull(request, session));
            if (page.reset_required) throw new Error('sync-server: unexpected reset');
            rows += page.rows.length;
            cursor = page.next_cursor;
            if (!page.has_more) break;
          }
          pulls.push(performance.now() - pullStarted);
          if (rows < 10_000) throw new Error(`sync-server: pulled ${rows} rows, expected at least 10,000`);
          log(`sync-server ${target}: run ${run}/${runCount} done`);
        }
        const drain = summarize(drains);
        const pull = summarize(pulls);
        metrics.push(
          {
            name: `sync_push drain, ${target}`,
            unit: 'changes/s',
            median: Math.round(drain.median),
            // For a rate the bad case is the low one.
            p95: Math.round(Math.min(...drains)),
            runs: drain.runs,
            target: { comparison: 'at-least', value: 1000 },
            note: 'p95 column: slowest run',
          },
          {
            name: `sync_pull 10,000 rows, ${target}`,
            unit: 'ms',
            median: Math.round(pull.median),
            p95: Math.round(pull.p95),
            runs: pull.runs,
            note: 'server and transport only; the browser budget is 1.5 s including IndexedDB',
          },
        );
        details[target] = { drains, pulls };
      } finally {
        await backend.stop();
      }
    }
    return { metrics, details };
  },
};
