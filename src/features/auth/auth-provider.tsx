import { useEffect, useState, type ReactNode } from 'react';

import { AuthContext, type AuthState } from './auth-context.ts';
import { initialAuthState } from './initial-auth-state.ts';

/**
 * Reads the session supabase-js keeps and follows its auth events. A failure to read the session is
 * logged and treated as signed out: the user then sees the public screens instead of a spinner forever.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(() => initialAuthState());

  useEffect(() => {
    let cancelled = false;
    let unsubscribe: (() => void) | undefined;

    void (async () => {
      try {
        const { getSupabaseClient } = await import('../../lib/supabase-client.ts');
        const supabase = getSupabaseClient();
        const { data, error } = await supabase.auth.getSession();
        if (error) throw error;
        if (cancelled) return;
        setState({ user: data.session?.user ?? null, session: data.session, loading: false });
        const { data: listener } = supabase.auth.onAuthStateChange((_event, session) => {
          setState({ user: session?.user ?? null, session, loading: false });
        });
        unsubscribe = () => listener.subscription.unsubscribe();
        if (cancelled) unsubscribe();
      } catch (error) {
        console.error('Murmur could not read the stored session', error);
        if (!cancelled) setState({ user: null, session: null, loading: false });
      }
    })();

    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, []);

  return <AuthContext value={state}>{children}</AuthContext>;
}
