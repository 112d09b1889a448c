import { createClient, type SupabaseClient } from '@supabase/supabase-js';

import { appConfig } from './config.ts';

/**
 * The one place supabase-js is configured. It is loaded with import() after the first screen so the
 * client (~56 KB gzipped) stays off the critical path; the session it keeps in localStorage is the only
 * session mechanism the app knows (tests sign in by writing the same storage).
 */
let client: SupabaseClient | undefined;

export function getSupabaseClient(): SupabaseClient {
  client ??= createClient(appConfig.supabaseUrl, appConfig.supabaseAnonKey, {
    auth: {
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: true,
      flowType: 'pkce',
    },
  });
  return client;
}

/**
 * A client for signing in again before a sensitive action (deleting the account): its session lives in
 * memory only, under a storage key of its own, so signing in with it never replaces the app's session,
 * never tells other tabs, and leaves nothing behind when the page goes.
 */
export function createReauthenticationClient(): SupabaseClient {
  return createClient(appConfig.supabaseUrl, appConfig.supabaseAnonKey, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storageKey: 'murmur-reauthentication',
    },
  });
}

/**
 * A client that sends the access token it is given rather than keeping a session: the sync worker's
 * (ADR 0139), whose tab owns the session and hands it over. supabase-js reads `accessToken` for every
 * request and for the realtime socket's authorisation; without a token it sends the anon key.
 */
export function createTokenClient(accessToken: () => string | null): SupabaseClient {
  return createClient(appConfig.supabaseUrl, appConfig.supabaseAnonKey, {
    accessToken: () => Promise.resolve(accessToken()),
  });
}
