import { loadSupabase } from '../../lib/load-supabase.ts';
import type { SubscriptionSource } from './subscription-source.ts';
import type { SubscriptionRow } from './subscription-rules.ts';

function toRow(data: Record<string, unknown> | null): SubscriptionRow | null {
  if (!data) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    status: text(data['status']),
    current_period_end: text(data['current_period_end']),
    trial_ends_at: text(data['trial_ends_at']),
  };
}

/** Product spec §7: the subscription by user id and the trial record by email, at most one row each. */
export const supabaseSubscriptionSource: SubscriptionSource = {
  async fetchSubscription(userId) {
    const supabase = await loadSupabase();
    const { data, error } = await supabase
      .from('subscriptions')
      .select('status, current_period_end, trial_ends_at')
      .eq('user_id', userId)
      .maybeSingle();
    if (error) throw error;
    return toRow(data as Record<string, unknown> | null);
  },
  async fetchTrialUsage(email) {
    const supabase = await loadSupabase();
    const { data, error } = await supabase
      .from('trial_usage')
      .select('email')
      .eq('email', email)
      .maybeSingle();
    if (error) throw error;
    return data;
  },
  async verifySubscription() {
    const supabase = await loadSupabase();
    const { error } = await supabase.functions.invoke('verify-subscription', { body: {} });
    if (error) throw error;
  },
};
