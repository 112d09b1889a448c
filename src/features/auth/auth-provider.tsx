import type { SupabaseClient } from '@supabase/supabase-js';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { afterFirstScreen } from '../../lib/after-first-screen.ts';
import { appConfig } from '../../lib/config.ts';
import { loadSupabase, whenSupabaseWanted } from '../../lib/load-supabase.ts';
import { readStoredSession } from '../../lib/stored-session.ts';
import { notify } from '../../lib/toasts/toasts.ts';
import { AuthContext, type AuthContextValue } from './auth-context.ts';
import { applyAuthEvent, toAuthState, type AuthCore } from './auth-state.ts';
import { initialAuthCore } from './initial-auth-state.ts';

/** A failure to reach the auth server, as opposed to the server saying no. */
function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  const { name, status } = (error ?? {}) as { name?: unknown; status?: unknown };
  return name === 'AuthRetryableFetchError' || status === 0;
}

export type AuthClient = Pick<SupabaseClient, 'auth'>;

/** How long a decided start waits for its first screen before loading the auth client anyway. */
const CLIENT_LOAD_LATEST_MS = 3_000;

interface AuthProviderProps {
  children: ReactNode;
  /** The auth client; the app's configured supabase-js client unless another is given. */
  loadClient?: () => Promise<AuthClient>;
  /** Resolves once something else has asked for the client; the app's own signal unless another is given. */
  clientWanted?: Promise<void>;
}

/**
 * Reads the session supabase-js keeps and follows its auth events (the session guard of product spec
 * §4). When the session cannot be read the user is told (auth.logoutError), cleared and signed out —
 * except when the network is the problem: a network failure never signs anyone out, and the last
 * stored session keeps the user on their local data until a refresh succeeds.
 */
export function AuthProvider({
  children,
  loadClient = loadSupabase,
  clientWanted = whenSupabaseWanted(),
}: AuthProviderProps) {
  const { i18n } = useTranslation();
  const [core, setCore] = useState<AuthCore>(() => initialAuthCore());
  const [initialLoading] = useState(core.loading);

  useEffect(() => {
    let cancelled = false;
    let unsubscribe: (() => void) | undefined;

    void (async () => {
      try {
        // A start that is already decided (a fresh stored session, or none) needs supabase-js only to
        // follow auth events and refresh tokens, so its first screen does not download it; a start that
        // shows 'Loading...' waits for supabase-js and loads it at once. Once anything else has asked for
        // supabase-js (a page's first request) the wait ends: a sign-out that request causes, such as the
        // session-expiry watcher's, must reach this provider's state before the app navigates on it.
        if (!initialLoading) await Promise.race([afterFirstScreen(CLIENT_LOAD_LATEST_MS), clientWanted]);
        if (cancelled) return;
        const supabase = await loadClient();
        if (cancelled) return;
        // Subscribed before the session is read, so an event in between (a sign-out by the session-expiry
        // watcher, a sign-in from the form) is not missed; once an event has spoken, the read is older.
        let eventSeen = false;
        const { data: listener } = supabase.auth.onAuthStateChange((event, session) => {
          // INITIAL_SESSION repeats what getSession answers below, and says null where that read fails
          // (offline too), where the failure's own handling below must decide.
          if (event === 'INITIAL_SESSION') return;
          eventSeen = true;
          setCore((current) => applyAuthEvent(current, event, session));
        });
        unsubscribe = () => listener.subscription.unsubscribe();
        const { data, error } = await supabase.auth.getSession();
        if (error) throw error;
        if (cancelled || eventSeen) return;
        setCore((current) => ({
          session: data.session,
          loading: false,
          isRecoveryMode: current.isRecoveryMode && data.session !== null,
        }));
      } catch (error) {
        if (cancelled) return;
        if (isNetworkFailure(error)) {
          console.warn('Murmur is offline; keeping the stored session until it can be refreshed', error);
          const stored = readStoredSession(appConfig.supabaseUrl, Date.now());
          const session = stored.kind === 'none' ? null : stored.session;
          setCore((current) => ({ ...current, session, loading: false }));
          return;
        }
        console.error('Murmur could not read the stored session', error);
        notify({ kind: 'error', title: i18n.t('auth.logoutError') });
        setCore({ session: null, loading: false, isRecoveryMode: false });
        void loadClient()
          .then((supabase) => supabase.auth.signOut({ scope: 'local' }))
          .catch((signOutError: unknown) =>
            console.error('Murmur could not clear the session', signOutError),
          );
      }
    })();

    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [clientWanted, i18n, initialLoading, loadClient]);

  const finishRecovery = useCallback(() => setCore((current) => ({ ...current, isRecoveryMode: false })), []);
  const value = useMemo<AuthContextValue>(() => {
    const state = toAuthState(core);
    return {
      ...state,
      recoverySession: core.isRecoveryMode ? core.session : null,
      finishRecovery,
      mfaSession: state.mfaPending ? core.session : null,
    };
  }, [core, finishRecovery]);

  return <AuthContext value={value}>{children}</AuthContext>;
}
