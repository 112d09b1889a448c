import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';

import type { Benchmark, Metric } from './benchmark.ts';
import { summarize } from './summarize.ts';
import { startBenchBackend } from './support/bench-backend.ts';
import type { BenchBackend, BenchTarget } from './support/bench-backend.ts';
import { measureFanOut } from './support/measure-fan-out.ts';
import type { FanOutScenario } from './support/measure-fan-out.ts';
import { measureThroughput } from './support/measure-throughput.ts';

const MIN_RUNS = 5;
const REQUESTS_PER_RUN = 200;
const CONCURRENCY = 8;
const SUBSCRIBERS = 10;
const WRITES_PER_RUN = 3;
const CREDENTIALS = { email: 'bench@example.test', password: 'bench-password-1' };
const TARGETS: readonly { target: BenchTarget; label: string }[] = [
  { target: 'pglite', label: 'PGlite' },
  { target: 'postgres', label: 'PostgreSQL 15' },
];

/** An unmodified supabase-js client as the app configures it, minus storage and timers. */
function newClient(backend: BenchBackend): SupabaseClient {
  return createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Median and p95 of milliseconds, one decimal. */
function timing(name: string, samples: number[], runs: number): Metric {
  const { median, p95 } = summarize(samples);
  return { name, unit: 'ms', median: round(median, 1), p95: round(p95, 1), runs };
}

/**
 * A rate over runs. Higher is better, so the p95 column holds the rate the slowest 5 % of runs stayed above
 * (nearest rank from the bottom; with fewer than 20 runs, the slowest run).
 */
function rate(name: string, perRun: number[]): Metric {
  const sorted = [...perRun].sort((a, b) => a - b);
  const { median } = summarize(perRun);
  const low = sorted[Math.max(Math.ceil(0.05 * sorted.length) - 1, 0)] ?? Number.NaN;
  return {
    name,
    unit: 'req/s',
    median: Math.round(median),
    p95: Math.round(low),
    runs: perRun.length,
    note: 'p95 column: slowest run (rates)',
  };
}

async function signedInUser(backend: BenchBackend): Promise<{ supabase: SupabaseClient; id: string }> {
  const supabase = newClient(backend);
  const { data, error } = await supabase.auth.signUp(CREDENTIALS);
  if (error || !data.session || !data.user)
    throw new Error(`backend bench: sign-up failed: ${error?.message}`);
  return { supabase, id: data.user.id };
}

async function measureTarget(target: BenchTarget, label: string, runs: number, log: (m: string) => void) {
  const started = performance.now();
  const backend = await startBenchBackend(target);
  const metrics: Metric[] = [];
  const clients: SupabaseClient[] = [];
  try {
    const user = await signedInUser(backend);
    // The user's rows and as many of someone else's, so RLS has rows to exclude.
    await backend.db.query(
      `insert into public.bench_items (user_id, bucket, title)
       select case when g % 2 = 0 then $1::uuid else gen_random_uuid() end, g % 20, 'item ' || g
       from generate_series(1, 4000) g`,
      [user.id],
    );
    const operations = {
      rpc: () => user.supabase.rpc('bench_count', { in_bucket: 3 }),
      select: () =>
        user.supabase.from('bench_items').select('id, title, bucket').eq('bucket', 3).order('id').limit(20),
    };
    for (const [kind, call] of Object.entries(operations)) {
      await measureThroughput(call, { requests: 50, concurrency: CONCURRENCY }); // warm-up, not counted
      const perRun: number[] = [];
      const latencies: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        const result = await measureThroughput(call, {
          requests: REQUESTS_PER_RUN,
          concurrency: CONCURRENCY,
        });
        perRun.push(result.requestsPerSecond);
        latencies.push(...result.latencies);
      }
      const what = kind === 'rpc' ? 'rpc bench_count()' : 'select .eq().order().limit(20)';
      metrics.push(rate(`${label}: ${what}, authenticated, ${CONCURRENCY} in flight`, perRun));
      metrics.push(timing(`${label}: ${what}, latency per request`, latencies, latencies.length));
      log(`${label}: ${kind} ${Math.round(summarize(perRun).median)} req/s`);
    }

    // Ten signed-in devices of the user (supabase-js hands Realtime the session's token, so each signs in).
    const subscribers = await Promise.all(
      Array.from({ length: SUBSCRIBERS }, async () => {
        const supabase = newClient(backend);
        clients.push(supabase);
        const { error } = await supabase.auth.signInWithPassword(CREDENTIALS);
        if (error) throw new Error(`backend bench: sign-in failed: ${error.message}`);
        return supabase;
      }),
    );
    const writes = runs * WRITES_PER_RUN;
    const changes: FanOutScenario = {
      listen: (channel, received) =>
        channel.on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'bench_items' },
          (change) => received(String((change.new as { title?: unknown }).title)),
        ),
      write: async (key) => {
        await backend.db.query(
          `insert into public.bench_items (user_id, bucket, title) values ($1::uuid, 99, $2)`,
          [user.id, key],
        );
      },
    };
    const changed = await measureFanOut(
      subscribers.map((supabase, index) => supabase.channel(`changes-${index}`)),
      changes,
      writes,
    );
    await Promise.all(subscribers.map((supabase) => supabase.removeAllChannels()));
    metrics.push(
      timing(
        `${label}: postgres_changes INSERT → last of ${SUBSCRIBERS} subscribers`,
        changed.lastDeliveryMs,
        writes,
      ),
    );

    // Every subscriber joins the same public topic; realtime.send is the database's broadcast.
    const broadcast: FanOutScenario = {
      listen: (channel, received) =>
        channel.on('broadcast', { event: 'tick' }, (message) =>
          received(String((message['payload'] as { key?: unknown }).key)),
        ),
      write: async (key) => {
        await backend.db.query(
          `select realtime.send(jsonb_build_object('key', $1::text), 'tick', 'bench-fan-out', false)`,
          [key],
        );
      },
    };
    const sent = await measureFanOut(
      subscribers.map((supabase) => supabase.channel('bench-fan-out')),
      broadcast,
      writes,
    );
    metrics.push(
      timing(
        `${label}: realtime.send broadcast → last of ${SUBSCRIBERS} subscribers`,
        sent.lastDeliveryMs,
        writes,
      ),
    );
    log(
      `${label}: fan-out to ${SUBSCRIBERS}: postgres_changes ${round(summarize(changed.lastDeliveryMs).median, 1)} ms, broadcast ${round(summarize(sent.lastDeliveryMs).median, 1)} ms`,
    );
  } finally {
    await Promise.all(clients.map((supabase) => supabase.removeAllChannels()));
    await backend.stop();
  }
  return { metrics, seconds: Math.round((performance.now() - started) / 1000) };
}

export const backend: Benchmark = {
  name: 'backend',
  description:
    'Local backend through supabase-js: requests per second for an rpc and a filtered select, and realtime fan-out latency from a database write to 10 subscribers, on PGlite and PostgreSQL 15',
  async run({ runs, log }) {
    const runCount = Math.max(runs, 1);
    if (runCount < MIN_RUNS)
      log(`backend: ${runCount} runs is below the ${MIN_RUNS} the figures are meant for`);
    const metrics: Metric[] = [];
    const seconds: Record<string, number> = {};
    for (const { target, label } of TARGETS) {
      const result = await measureTarget(target, label, runCount, log);
      metrics.push(...result.metrics);
      seconds[target] = result.seconds;
    }
    return {
      metrics,
      details: {
        requestsPerRun: REQUESTS_PER_RUN,
        concurrency: CONCURRENCY,
        subscribers: SUBSCRIBERS,
        seconds,
      },
    };
  },
};
