import type { SubscriptionRow } from './subscription-rules.ts';

/** What the subscription feature needs from the backend; the app's goes through supabase-js. */
export interface SubscriptionSource {
  /** The user's row, or null when they have none (RLS: only their own). */
  fetchSubscription(userId: string): Promise<SubscriptionRow | null>;
  /** Whether a trial was ever started with this email (only existence matters). */
  fetchTrialUsage(email: string): Promise<unknown>;
  /** Asks the billing provider whether a renewal has happened (verify-subscription). */
  verifySubscription(): Promise<void>;
}
