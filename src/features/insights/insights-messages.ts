import type { InsightsOptions, InsightsResult } from './insights-types.ts';

/**
 * What the screen and the insights worker say to each other. The worker opens the user's database
 * itself and answers with fresh statistics whenever the journal or the options change; `options` in a
 * result says which options it was computed for.
 */
export type InsightsRequest =
  { type: 'open'; userId: string } | { type: 'options'; options: InsightsOptions };

export type InsightsReply =
  { type: 'result'; options: InsightsOptions; result: InsightsResult } | { type: 'failed'; message: string };
