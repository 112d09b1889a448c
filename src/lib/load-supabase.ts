import type { SupabaseClient } from '@supabase/supabase-js';

/** supabase-js is a separate chunk, loaded on first use (never on the first screen's critical path). */
export async function loadSupabase(): Promise<SupabaseClient> {
  const { getSupabaseClient } = await import('./supabase-client.ts');
  return getSupabaseClient();
}
