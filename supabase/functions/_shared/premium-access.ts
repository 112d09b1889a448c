import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.119.1';

const future = (value: unknown, now: number) =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value)) && Date.parse(value) > now;

/**
 * Product spec §4 on the server: premium (an active subscription whose period has not ended) or a
 * running trial. The browser's own check only hides buttons; this one decides.
 */
export async function hasPremiumAccess(
  admin: SupabaseClient,
  userId: string,
  now = Date.now(),
): Promise<boolean> {
  const { data, error } = await admin
    .from('subscriptions')
    .select('status, current_period_end, trial_ends_at')
    .eq('user_id', userId)
    .maybeSingle();
  if (error) throw new Error(`Reading the subscription failed: ${error.message}`);
  if (!data) return false;
  return (
    (data.status === 'active' && future(data.current_period_end, now)) || future(data.trial_ends_at, now)
  );
}
