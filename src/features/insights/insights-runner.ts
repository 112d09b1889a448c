import type { MurmurDatabase } from '../../db/schema.ts';
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

/**
 * Insights computed in a Web Worker that reads the database itself. A failing worker is reported, then
 * the runner carries on on the main thread rather than leaving the screen empty.
 */
export function createInsightsRunner(db: MurmurDatabase): InsightsRunner {
  if (typeof Worker === 'undefined') return localRunner(db);
  const worker = new Worker(new URL('./insights.worker.ts', import.meta.url), { type: 'module' });
  let listener: (options: InsightsOptions, result: InsightsResult) => void = () => undefined;
  let options: InsightsOptions | null = null;
  let fallback: InsightsRunner | null = null;
  const fail = (message: string) => {
    console.error('The insights worker failed; computing on the main thread instead', message);
    worker.terminate();
    fallback ??= localRunner(db);
    fallback.onResult(listener);
    if (options) fallback.setOptions(options);
  };
  worker.onmessage = (event: MessageEvent<InsightsReply>) => {
    const reply = event.data;
    if (reply.type === 'failed') fail(reply.message);
    else if (!fallback) listener(reply.options, reply.result);
  };
  // A script that cannot load (offline before its first use) fires a plain Event, with no message.
  worker.onerror = (event) => fail(event.message || 'its script could not be loaded');
  const post = (request: InsightsRequest) => worker.postMessage(request);
  post({ type: 'open', userId: db.userId });
  return {
    setOptions(next) {
      options = next;
      if (fallback) fallback.setOptions(next);
      else post({ type: 'options', options: next });
    },
    onResult(next) {
      listener = next;
      fallback?.onResult(next);
    },
    close() {
      worker.terminate();
      fallback?.close();
    },
  };
}
