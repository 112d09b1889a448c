import { loadSupabase } from '../../lib/load-supabase.ts';
import type { BillingFunctions } from './billing-functions.ts';

async function invoke<T>(name: string, body: Record<string, unknown>): Promise<T> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.functions.invoke<T>(name, { body });
  if (error) throw error;
  if (data === null) throw new Error(`${name} returned nothing`);
  return data;
}

/** The billing functions through supabase-js, loaded when first called. */
export const supabaseBillingFunctions: BillingFunctions = {
  async startTrial() {
    await invoke('start-trial', {});
  },
  async createCheckout(plan, returnUrl) {
    return (await invoke<{ url: string }>('create-checkout', { plan, return_url: returnUrl })).url;
  },
  async openCustomerPortal(returnUrl) {
    return (await invoke<{ url: string }>('customer-portal', { return_url: returnUrl })).url;
  },
  async completeTestCheckout(request) {
    const supabase = await loadSupabase();
    const { error } = await supabase.functions.invoke('test-checkout', { body: request });
    if (error) throw error;
  },
};
