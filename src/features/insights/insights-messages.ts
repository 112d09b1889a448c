import type { InsightsInput, InsightsOptions, InsightsResult } from './insights-types.ts';

/** What the screen and the insights worker say to each other; id pairs a reply with its request. */
export interface InsightsRequest {
  id: number;
  input: InsightsInput;
  options: InsightsOptions;
}

export type InsightsReply = { id: number; result: InsightsResult } | { id: number; error: string };
