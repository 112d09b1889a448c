import type { SupabaseClient } from '@supabase/supabase-js';

/** A new client for signing in again, its session apart from the app's (loaded with supabase-js). */
export async function loadReauthenticationClient(): Promise<SupabaseClient> {
  const { createReauthenticationClient } = await import('./supabase-client.ts');
  return createReauthenticationClient();
}
