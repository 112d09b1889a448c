// verify-subscription: asks Stripe whether a subscription near or past its period end has renewed, and
// stores the answer. Without Stripe there is nothing to ask: the stored row stands.
import { stripeClient } from '../_shared/billing.ts';
import { adminClient, needsSecondStep, requestUser, SECOND_STEP_MESSAGE } from '../_shared/clients.ts';
import { corsHeaders, json, refuse } from '../_shared/http.ts';
import { subscriptionFields } from '../_shared/stripe-subscription.ts';

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  const user = await requestUser(request);
  if (!user) return refuse(401, 'not_signed_in', 'Sign in first.');
  if (needsSecondStep(request, user)) return refuse(403, 'aal2_required', SECOND_STEP_MESSAGE);
  const admin = adminClient();
  const { data, error } = await admin
    .from('subscriptions')
    .select('status, current_period_end, stripe_subscription_id')
    .eq('user_id', user.id)
    .maybeSingle();
  if (error) return refuse(500, 'read_failed', error.message);
  const row = data as {
    status: string | null;
    current_period_end: string | null;
    stripe_subscription_id: string | null;
  } | null;
  const stripe = stripeClient();
  if (!stripe || !row?.stripe_subscription_id) return json(200, { verified: false, subscription: row });
  const subscription = await stripe.subscriptions.retrieve(row.stripe_subscription_id);
  const fields = subscriptionFields(subscription);
  const { error: updateError } = await admin.from('subscriptions').update(fields).eq('user_id', user.id);
  if (updateError) return refuse(500, 'update_failed', updateError.message);
  return json(200, { verified: true, subscription: fields });
});
