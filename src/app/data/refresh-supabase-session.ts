import type { SupabaseClient } from '@supabase/supabase-js';

import type { SyncSession } from '../../sync/transport.ts';
import { toSyncSession } from './session-auth-port.ts';

/**
 * The engine got a 401 (R32): ask supabase-js for a new access token. A failure is reported and the
 * session kept — Murmur never signs anyone out here. On a network failure supabase-js keeps the session
 * and retries by itself (its refresh timer, and when the tab becomes visible); a refresh token the
 * server refuses makes supabase-js end the session, which the auth provider reports as SIGNED_OUT.
 */
export async function refreshSupabaseSession(
  auth: Pick<SupabaseClient['auth'], 'refreshSession'>,
): Promise<SyncSession | null> {
  try {
    const { data, error } = await auth.refreshSession();
    if (error) throw error;
    return toSyncSession(data.session);
  } catch (error) {
    console.warn('Murmur could not refresh the session for sync; it will retry', error);
    return null;
  }
}
