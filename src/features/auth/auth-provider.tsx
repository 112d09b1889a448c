import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';

import { loadSupabase } from '../../lib/load-supabase.ts';
import { AuthContext, type AuthContextValue } from './auth-context.ts';
import { applyAuthEvent, toAuthState, type AuthCore } from './auth-state.ts';
import { initialAuthCore } from './initial-auth-state.ts';

/**
 * Reads the session supabase-js keeps and follows its auth events. A failure to read the session is
 * logged and treated as signed out: the user then sees the public screens instead of a spinner forever.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [core, setCore] = useState<AuthCore>(() => initialAuthCore());

  useEffect(() => {
    let cancelled = false;
    let unsubscribe: (() => void) | undefined;

    void (async () => {
      try {
        const supabase = await loadSupabase();
        const { data, error } = await supabase.auth.getSession();
        if (error) throw error;
        if (cancelled) return;
        setCore((current) => ({
          session: data.session,
          loading: false,
          isRecoveryMode: current.isRecoveryMode && data.session !== null,
        }));
        const { data: listener } = supabase.auth.onAuthStateChange((event, session) => {
          setCore((current) => applyAuthEvent(current, event, session));
        });
        unsubscribe = () => listener.subscription.unsubscribe();
        if (cancelled) unsubscribe();
      } catch (error) {
        console.error('Murmur could not read the stored session', error);
        if (!cancelled) setCore({ session: null, loading: false, isRecoveryMode: false });
      }
    })();

    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, []);

  const finishRecovery = useCallback(() => setCore((current) => ({ ...current, isRecoveryMode: false })), []);
  const value = useMemo<AuthContextValue>(
    () => ({
      ...toAuthState(core),
      recoverySession: core.isRecoveryMode ? core.session : null,
      finishRecovery,
    }),
    [core, finishRecovery],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
