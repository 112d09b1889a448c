import type { User } from '@supabase/supabase-js';
import { useCallback, useEffect, useState } from 'react';

import { loadSupabase } from '../../lib/load-supabase.ts';
import { authErrorKey, type AuthErrorKey } from '../auth/index.ts';
import { reportAuthFailure } from '../auth/index.ts';

type Loaded = { user: User; error: null } | { user: null; error: AuthErrorKey | null };

async function fetchAccount(): Promise<Loaded> {
  const { data, error } = await (await loadSupabase()).auth.getUser();
  if (!error) return { user: data.user, error: null };
  // A session that is gone is handled by the session-expiry watcher, not by this screen.
  if (reportAuthFailure(error)) return { user: null, error: null };
  console.error('Murmur could not load the account', error);
  return { user: null, error: authErrorKey(error) };
}

/**
 * The signed-in user as the server knows them now (identities, factors, a pending email change),
 * not the copy in the stored session.
 */
export function useAccount() {
  const [loaded, setLoaded] = useState<Loaded>({ user: null, error: null });

  const refresh = useCallback(async () => {
    const next = await fetchAccount();
    // Keep showing the last known account when a refresh fails.
    setLoaded((current) => (next.user || !current.user ? next : current));
  }, []);

  useEffect(() => {
    let cancelled = false;
    void fetchAccount().then((next) => {
      if (!cancelled) setLoaded(next);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  return { user: loaded.user, error: loaded.error, refresh };
}
