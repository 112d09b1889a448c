import { computeInsights } from './compute-insights.ts';
import type { InsightsReply, InsightsRequest } from './insights-messages.ts';

/** Runs the statistics off the main thread, so 10,000 entries never block a frame. */
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<InsightsRequest>) => void) | null;
  postMessage: (message: InsightsReply) => void;
};

scope.onmessage = (event) => {
  const { id, input, options } = event.data;
  try {
    scope.postMessage({ id, result: computeInsights(input, options) });
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
};
