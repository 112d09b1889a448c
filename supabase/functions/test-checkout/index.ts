// test-checkout: completes a purchase or a cancellation WITHOUT a payment provider, for local development
// and tests only. It runs only where MURMUR_TEST_CHECKOUT=enabled is set and no STRIPE_SECRET_KEY is, so
// a deployment never grants premium for free, whether it forgot its key or never had one.
import { addInterval, isPlan, testCheckoutEnabled } from '../_shared/billing.ts';
import { adminClient, needsSecondStep, requestUser, SECOND_STEP_MESSAGE } from '../_shared/clients.ts';
import { corsHeaders, json, readJson, refuse } from '../_shared/http.ts';

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (!testCheckoutEnabled())
    return refuse(
      404,
      'not_available',
      'The test checkout is off here (it needs MURMUR_TEST_CHECKOUT=enabled).',
    );
  const user = await requestUser(request);
  if (!user) return refuse(401, 'not_signed_in', 'Sign in first.');
  if (needsSecondStep(request, user)) return refuse(403, 'aal2_required', SECOND_STEP_MESSAGE);
  const body = await readJson(request);
  const admin = adminClient();
  if (body?.['action'] === 'cancel') {
    const { error } = await admin
      .from('subscriptions')
      .update({ status: 'canceled', current_period_end: new Date().toISOString() })
      .eq('user_id', user.id);
    if (error) return refuse(500, 'update_failed', error.message);
    return json(200, { status: 'canceled' });
  }
  if (!isPlan(body?.['plan'])) return refuse(400, 'bad_plan', 'plan must be "monthly" or "yearly".');
  const periodEnd = addInterval(new Date(), body['plan']).toISOString();
  const { error } = await admin
    .from('subscriptions')
    .upsert(
      { id: user.id, user_id: user.id, status: 'active', current_period_end: periodEnd },
      { onConflict: 'user_id' },
    );
  if (error) return refuse(500, 'update_failed', error.message);
  return json(200, { status: 'active', current_period_end: periodEnd });
});
