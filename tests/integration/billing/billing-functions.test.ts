// @vitest-environment node
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startBackend } from '../../../server/start-backend.ts';
import { client, uniqueEmail } from '../backend/support/clients.ts';

const WEBHOOK_SECRET = 'whsec_murmur_test_secret';
const PASSWORD = 'Murmur-test-password-1';
const DAY_MS = 86_400_000;

/**
 * The billing Edge Functions on the local backend with the app's own migrations: no payment provider is
 * configured, so checkout runs through the labelled test checkout; the webhook is checked with a real
 * Stripe signature made by the official package.
 */
describe('billing functions', () => {
  let backend: Awaited<ReturnType<typeof startBackend>>;

  beforeAll(async () => {
    backend = await startBackend({
      port: 0,
      dataDir: 'memory://',
      migrationsDir: 'supabase/migrations',
      functionsDir: 'supabase/functions',
      rateLimits: {
        perIp: { max: 100_000, windowSeconds: 60 },
        perEmail: { max: 100_000, windowSeconds: 60 },
      },
    });
    await backend.setFunctionSecrets({
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      MURMUR_TEST_CHECKOUT: 'enabled',
      STRIPE_SECRET_KEY: undefined,
    });
  }, 120_000);

  afterAll(async () => {
    await backend?.close();
  });

  async function member(email = uniqueEmail('billing')) {
    const supabase = client(backend.url, backend.anonKey);
    const { data, error } = await supabase.auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    return { supabase, userId: data.user?.id ?? '', email };
  }

  async function subscriptionOf(supabase: ReturnType<typeof client>) {
    const { data, error } = await supabase
      .from('subscriptions')
      .select('status, current_period_end, trial_ends_at')
      .maybeSingle();
    expect(error).toBeNull();
    return data as { status: string; current_period_end: string | null; trial_ends_at: string | null } | null;
  }

  it('starts a trial once per email address, even after the account is deleted and made again', async () => {
    const { supabase, email, userId } = await member();
    const started = await supabase.functions.invoke('start-trial', { body: {} });
    expect(started.error).toBeNull();
    const trialEnd = Date.parse((started.data as { trial_ends_at: string }).trial_ends_at);
    expect(trialEnd - Date.now()).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect(trialEnd - Date.now()).toBeLessThanOrEqual(7 * DAY_MS);
    expect(await subscriptionOf(supabase)).toMatchObject({ status: 'trialing' });
    const usage = await supabase.from('trial_usage').select('email').eq('email', email).maybeSingle();
    expect(usage.data).toEqual({ email });

    const again = await supabase.functions.invoke('start-trial', { body: {} });
    expect(again.response?.status).toBe(409);
    expect(await (again.error?.context as Response).json()).toMatchObject({ code: 'trial_already_used' });

    const admin = client(backend.url, backend.serviceRoleKey);
    const deleted = await fetch(`${backend.url}/auth/v1/admin/users/${userId}`, {
      method: 'DELETE',
      headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}` },
    });
    expect(deleted.ok).toBe(true);
    expect((await admin.from('trial_usage').select('email').eq('email', email)).data).toHaveLength(1);
    const reborn = await member(email);
    const refused = await reborn.supabase.functions.invoke('start-trial', { body: {} });
    expect(refused.response?.status).toBe(409);
  });

  it('refuses to start a trial without a signed-in user', async () => {
    const anonymous = client(backend.url, backend.anonKey);
    const { response } = await anonymous.functions.invoke('start-trial', { body: {} });
    expect(response?.status).toBe(401);
  });

  it('completes a test checkout where no payment provider is set up, and never where one is', async () => {
    const { supabase } = await member();
    const checkout = await supabase.functions.invoke('create-checkout', {
      body: { plan: 'yearly', return_url: 'http://127.0.0.1:4173/subscription' },
    });
    expect(checkout.data).toEqual({
      url: 'http://127.0.0.1:4173/subscription?test_checkout=yearly',
      test: true,
    });
    const bad = await supabase.functions.invoke('create-checkout', {
      body: { plan: 'lifetime', return_url: 'javascript:alert(1)' },
    });
    expect(bad.response?.status).toBe(400);

    const bought = await supabase.functions.invoke('test-checkout', { body: { plan: 'yearly' } });
    expect(bought.error).toBeNull();
    const row = await subscriptionOf(supabase);
    expect(row?.status).toBe('active');
    expect(Date.parse(row?.current_period_end ?? '') - Date.now()).toBeGreaterThan(364 * DAY_MS);

    const verified = await supabase.functions.invoke('verify-subscription', { body: {} });
    expect(verified.data).toMatchObject({ verified: false, subscription: { status: 'active' } });

    await backend.setFunctionSecrets({ STRIPE_SECRET_KEY: 'sk_test_configured' });
    try {
      const refused = await supabase.functions.invoke('test-checkout', { body: { plan: 'monthly' } });
      expect(refused.response?.status).toBe(404);
    } finally {
      await backend.setFunctionSecrets({ STRIPE_SECRET_KEY: undefined });
    }
    const cancelled = await supabase.functions.invoke('test-checkout', { body: { action: 'cancel' } });
    expect(cancelled.error).toBeNull();
    expect((await subscriptionOf(supabase))?.status).toBe('canceled');
  });

  it('has no test checkout unless it is enabled explicitly: a missing Stripe key grants nothing', async () => {
    const { supabase } = await member();
    await backend.setFunctionSecrets({ MURMUR_TEST_CHECKOUT: undefined });
    try {
      const bought = await supabase.functions.invoke('test-checkout', { body: { plan: 'yearly' } });
      expect(bought.response?.status).toBe(404);
      expect((await subscriptionOf(supabase))?.status).not.toBe('active');
      const checkout = await supabase.functions.invoke('create-checkout', {
        body: { plan: 'yearly', return_url: 'http://127.0.0.1:4173/subscription' },
      });
      expect(checkout.response?.status).toBe(503);
      const portal = await supabase.functions.invoke('customer-portal', {
        body: { return_url: 'http://127.0.0.1:4173/subscription' },
      });
      expect(portal.response?.status).toBe(503);
    } finally {
      await backend.setFunctionSecrets({ MURMUR_TEST_CHECKOUT: 'enabled' });
    }
  });

  it('accepts a Stripe webhook only with a valid signature, and then updates the subscription', async () => {
    const { supabase, userId } = await member();
    const periodEnd = Math.floor((Date.now() + 30 * DAY_MS) / 1000);
    const payload = JSON.stringify({
      id: 'evt_test_1',
      object: 'event',
      type: 'customer.subscription.updated',
      data: {
        object: {
          id: 'sub_test_1',
          object: 'subscription',
          status: 'active',
          customer: 'cus_test_1',
          metadata: { user_id: userId },
          items: { object: 'list', data: [{ id: 'si_1', current_period_end: periodEnd }] },
        },
      },
    });
    const url = `${backend.url}/functions/v1/stripe-webhook`;
    const post = (headers: Record<string, string>) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: payload,
      });

    expect((await post({})).status).toBe(400);
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const refused = await post({ 'stripe-signature': forged });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'bad_signature' });
    expect(await subscriptionOf(supabase)).toBeNull();

    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const accepted = await post({ 'stripe-signature': signature });
    expect(accepted.status).toBe(200);
    expect(await subscriptionOf(supabase)).toEqual({
      status: 'active',
      current_period_end: new Date(periodEnd * 1000).toISOString().replace('.000Z', '+00:00'),
      trial_ends_at: null,
    });
  });
});
