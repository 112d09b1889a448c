// customer-portal: Stripe's billing portal for the user's customer; where the test checkout is enabled
// instead (MURMUR_TEST_CHECKOUT=enabled), its cancel option on /subscription.
import { safeReturnUrl, stripeClient, testCheckoutEnabled } from '../_shared/billing.ts';
import { adminClient, needsSecondStep, requestUser, SECOND_STEP_MESSAGE } from '../_shared/clients.ts';
import { corsHeaders, json, readJson, refuse } from '../_shared/http.ts';

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  const user = await requestUser(request);
  if (!user) return refuse(401, 'not_signed_in', 'Sign in first.');
  if (needsSecondStep(request, user)) return refuse(403, 'aal2_required', SECOND_STEP_MESSAGE);
  const returnUrl = safeReturnUrl((await readJson(request))?.['return_url']);
  if (!returnUrl) return refuse(400, 'bad_return_url', 'return_url must be an http(s) address.');
  const stripe = stripeClient();
  if (!stripe) {
    if (!testCheckoutEnabled())
      return refuse(503, 'billing_not_configured', 'Payments are not set up on this server.');
    const url = new URL(returnUrl);
    url.searchParams.set('test_portal', '1');
    return json(200, { url: url.toString(), test: true });
  }
  const { data } = await adminClient()
    .from('subscriptions')
    .select('stripe_customer_id')
    .eq('user_id', user.id)
    .maybeSingle();
  const customer = (data as { stripe_customer_id?: string | null } | null)?.stripe_customer_id;
  if (!customer) return refuse(404, 'no_customer', 'There is no paid subscription to manage.');
  const session = await stripe.billingPortal.sessions.create({ customer, return_url: returnUrl });
  return json(200, { url: session.url });
});
