import { openUserDatabase } from '../../db/open-user-database.ts';
import { computeInsights } from './compute-insights.ts';
import type { InsightsReply, InsightsRequest } from './insights-messages.ts';
import type { InsightsInput, InsightsOptions } from './insights-types.ts';
import { watchInsightsInput } from './watch-insights-input.ts';

/**
 * The statistics, off the main thread: this worker reads the user's journal itself (no copy of 10,000
 * entries crosses from the screen) and computes again whenever the journal or the screen's options
 * change, so neither reading nor computing ever holds up a frame.
 */
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<InsightsRequest>) => void) | null;
  postMessage: (message: InsightsReply) => void;
};

let input: InsightsInput | null = null;
let options: InsightsOptions | null = null;
let opened = false;

function compute(): void {
  if (!input || !options) return;
  try {
    scope.postMessage({ type: 'result', options, result: computeInsights(input, options) });
  } catch (error) {
    scope.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}

scope.onmessage = (event) => {
  const request = event.data;
  if (request.type === 'options') {
    options = request.options;
    compute();
    return;
  }
  if (opened) return;
  opened = true;
  const fail = (error: unknown) => scope.postMessage({ type: 'failed', message: String(error) });
  openUserDatabase(request.userId).then(
    (db) =>
      watchInsightsInput(
        db,
        (next) => {
          input = next;
          compute();
        },
        fail,
      ),
    fail,
  );
};
