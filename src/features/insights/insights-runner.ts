import type { MurmurDatabase } from '../../db/schema.ts';
import { workerWithFallback } from '../../lib/worker-with-fallback.ts';
import { computeInsights } from './compute-insights.ts';
import type { InsightsReply, InsightsRequest } from './insights-messages.ts';
import type { InsightsInput, InsightsOptions, InsightsResult } from './insights-types.ts';
import { watchInsightsInput } from './watch-insights-input.ts';

/** Statistics for the options last given, pushed again whenever the journal changes. */
export interface InsightsRunner {
  setOptions(options: InsightsOptions): void;
  onResult(listener: (options: InsightsOptions, result: InsightsResult) => void): void;
  close(): void;
}

/** On this thread: where no Worker exists (unit tests), or after the worker failed. */
function localRunner(db: MurmurDatabase): InsightsRunner {
  let input: InsightsInput | null = null;
  let options: InsightsOptions | null = null;
  let listener: (options: InsightsOptions, result: InsightsResult) => void = () => undefined;
  const compute = () => {
    if (input && options) listener(options, computeInsights(input, options));
  };
  const stop = watchInsightsInput(
    db,
    (next) => {
      input = next;
      compute();
    },
    (error) => console.error('Reading the journal for insights failed', error),
  );
  return {
    setOptions(next) {
      options = next;
      compute();
    },
    onResult: (next) => (listener = next),
    close: stop,
  };
}

// Vite bundles a worker only from this literal `new Worker(new URL(…, import.meta.url))`.
const startWorker =
  typeof Worker === 'undefined'
    ? null
    : () => new Worker(new URL('./insights.worker.ts', import.meta.url), { type: 'module' });

/**
 * Insights computed in a Web Worker that reads the database itself. A failing worker is reported, then
 * the runner carries on on the main thread rather than leaving the screen empty.
 */
export function createInsightsRunner(db: MurmurDatabase): InsightsRunner {
  let listener: (options: InsightsOptions, result: InsightsResult) => void = () => undefined;
  let options: InsightsOptions | null = null;
  const client = workerWithFallback<InsightsRequest, InsightsReply, InsightsRunner>({
    failureMessage: 'The insights worker failed; computing on the main thread instead',
    createWorker: startWorker,
    open: { type: 'open', userId: db.userId },
    createLocal: () => localRunner(db),
    onReply(reply) {
      if (reply.type === 'result') listener(reply.options, reply.result);
    },
    handOver(local) {
      local.onResult(listener);
      if (options) local.setOptions(options);
    },
  });
  return {
    setOptions(next) {
      options = next;
      client.tell({ type: 'options', options: next }, (local) => local.setOptions(next));
    },
    onResult(next) {
      listener = next;
      client.local?.onResult(next);
    },
    close: () => client.close(),
  };
}
