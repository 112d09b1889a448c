export { SubscriptionPanel } from './subscription-panel.tsx';
export { SubscriptionProvider } from './subscription-provider.tsx';
export type { SubscriptionSource } from './subscription-source.ts';
export { supabaseSubscriptionSource } from './supabase-subscription-source.ts';
export { useSubscription } from './use-subscription.ts';
