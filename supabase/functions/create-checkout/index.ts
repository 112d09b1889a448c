// create-checkout: a Stripe Checkout session for a plan; where the test checkout is enabled instead
// (MURMUR_TEST_CHECKOUT=enabled, local development), the app's own, clearly labelled test checkout.
import { isPlan, safeReturnUrl, stripeClient, stripePrice, testCheckoutEnabled } from '../_shared/billing.ts';
import { needsSecondStep, requestUser, SECOND_STEP_MESSAGE } from '../_shared/clients.ts';
import { corsHeaders, json, readJson, refuse } from '../_shared/http.ts';

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  const user = await requestUser(request);
  if (!user?.email) return refuse(401, 'not_signed_in', 'Sign in first.');
  if (needsSecondStep(request, user)) return refuse(403, 'aal2_required', SECOND_STEP_MESSAGE);
  const body = await readJson(request);
  const plan = body?.['plan'];
  const returnUrl = safeReturnUrl(body?.['return_url']);
  if (!isPlan(plan)) return refuse(400, 'bad_plan', 'plan must be "monthly" or "yearly".');
  if (!returnUrl) return refuse(400, 'bad_return_url', 'return_url must be an http(s) address.');

  const stripe = stripeClient();
  if (!stripe) {
    if (!testCheckoutEnabled())
      return refuse(503, 'billing_not_configured', 'Payments are not set up on this server.');
    const url = new URL(returnUrl);
    url.searchParams.set('test_checkout', plan);
    return json(200, { url: url.toString(), test: true });
  }
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: stripePrice(plan), quantity: 1 }],
    customer_email: user.email,
    client_reference_id: user.id,
    subscription_data: { metadata: { user_id: user.id } },
    success_url: `${returnUrl}?checkout=success`,
    cancel_url: `${returnUrl}?checkout=cancel`,
  });
  if (!session.url) return refuse(502, 'no_checkout_url', 'Stripe did not return a checkout page.');
  return json(200, { url: session.url });
});
