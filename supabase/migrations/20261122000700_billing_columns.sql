-- Billing provider references for a subscription, written only by the billing functions (service role).
-- They are not sync fields: the sync catalog does not list them, so devices never receive or send them.
alter table public.subscriptions
  add column stripe_customer_id text,
  add column stripe_subscription_id text;
