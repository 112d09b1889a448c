import type { SupabaseClient } from '@supabase/supabase-js';

let markWanted: () => void = () => undefined;
const wanted = new Promise<void>((resolve) => {
  markWanted = resolve;
});

/** supabase-js is a separate chunk, loaded on first use (never on the first screen's critical path). */
export async function loadSupabase(): Promise<SupabaseClient> {
  markWanted();
  const { getSupabaseClient } = await import('./supabase-client.ts');
  return getSupabaseClient();
}

/**
 * Resolves once anything has asked for supabase-js. From then on its download is paid for, so whoever
 * was waiting only to keep it off the first screen (the auth provider) need not wait any longer.
 */
export function whenSupabaseWanted(): Promise<void> {
  return wanted;
}
