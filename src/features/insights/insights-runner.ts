import { computeInsights } from './compute-insights.ts';
import type { InsightsReply, InsightsRequest } from './insights-messages.ts';
import type { InsightsInput, InsightsOptions, InsightsResult } from './insights-types.ts';

export interface InsightsRunner {
  run(input: InsightsInput, options: InsightsOptions): Promise<InsightsResult>;
  close(): void;
}

/**
 * Computes insights in a Web Worker where the platform has one, else on the calling thread (unit-test
 * environments). A failing worker is reported, then the runner falls back rather than leaving the
 * screen empty.
 */
export function createInsightsRunner(): InsightsRunner {
  if (typeof Worker === 'undefined') {
    return {
      run: (input, options) => Promise.resolve(computeInsights(input, options)),
      close: () => undefined,
    };
  }
  const worker = new Worker(new URL('./insights.worker.ts', import.meta.url), { type: 'module' });
  const pending = new Map<
    number,
    { resolve: (result: InsightsResult) => void; reject: (error: Error) => void }
  >();
  let nextId = 1;
  let broken = false;
  worker.onmessage = (event: MessageEvent<InsightsReply>) => {
    const reply = event.data;
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if ('result' in reply) waiting.resolve(reply.result);
    else waiting.reject(new Error(reply.error));
  };
  worker.onerror = (event) => {
    console.error('The insights worker failed; computing on the main thread instead', event.message);
    broken = true;
    for (const waiting of pending.values()) waiting.reject(new Error('insights worker failed'));
    pending.clear();
  };
  return {
    run(input, options) {
      if (broken) return Promise.resolve(computeInsights(input, options));
      const id = nextId++;
      return new Promise<InsightsResult>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        const request: InsightsRequest = { id, input, options };
        worker.postMessage(request);
      }).catch(() => computeInsights(input, options));
    },
    close() {
      worker.terminate();
      pending.clear();
    },
  };
}
