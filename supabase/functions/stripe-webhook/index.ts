// stripe-webhook: Stripe's events about subscriptions, accepted only with a valid Stripe-Signature for
// STRIPE_WEBHOOK_SECRET. Deployed with verify_jwt = false (supabase/config.toml): the signature is the
// authentication.
import Stripe from 'npm:stripe@23.1.0';

import { adminClient } from '../_shared/clients.ts';
import { json, refuse } from '../_shared/http.ts';
import { subscriptionFields } from '../_shared/stripe-subscription.ts';

const HANDLED = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

Deno.serve(async (request) => {
  if (request.method !== 'POST') return refuse(405, 'method_not_allowed', 'Use POST.');
  const secret = Deno.env.get('STRIPE_WEBHOOK_SECRET');
  if (!secret) return refuse(503, 'not_configured', 'STRIPE_WEBHOOK_SECRET is not set.');
  const signature = request.headers.get('Stripe-Signature');
  if (!signature) return refuse(400, 'no_signature', 'Missing Stripe-Signature header.');
  const payload = await request.text();
  let event: Stripe.Event;
  try {
    event = await Stripe.webhooks.constructEventAsync(
      payload,
      signature,
      secret,
      undefined,
      Stripe.createSubtleCryptoProvider(),
    );
  } catch (error) {
    return refuse(400, 'bad_signature', `Webhook signature verification failed: ${(error as Error).message}`);
  }
  if (!HANDLED.has(event.type)) return json(200, { received: true, ignored: event.type });

  const subscription = event.data.object as Stripe.Subscription;
  const userId = subscription.metadata?.['user_id'];
  if (!userId) return refuse(400, 'no_user', 'The subscription carries no user_id metadata.');
  const fields = subscriptionFields(subscription);
  const { error } = await adminClient()
    .from('subscriptions')
    .upsert(
      {
        id: userId,
        user_id: userId,
        ...fields,
        status: event.type === 'customer.subscription.deleted' ? 'canceled' : fields.status,
      },
      { onConflict: 'user_id' },
    );
  if (error) {
    console.error('stripe-webhook: saving the subscription failed', error.message);
    // 500 makes Stripe retry the event later.
    return refuse(500, 'update_failed', 'The subscription could not be saved.');
  }
  return json(200, { received: true });
});
