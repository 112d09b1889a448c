import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

import { loadSupabase } from '../../lib/load-supabase.ts';
import { forgetServerState } from '../../lib/server-state/server-state-persistence.ts';
import { notify } from '../../lib/toasts/toasts.ts';
import { removeLocalData } from './remove-local-data.ts';
import { useAuth } from './use-auth.ts';

/** Product spec §8/§9: logout toasts, 4 s on success and 6 s on error (skipped when notifications are off). */
const LOGOUT_TOAST_MS = { success: 4000, error: 6000 } as const;

export interface SignOutOptions {
  /** Remove this user's local database from the device once the session has ended (ADR 0020). */
  removeLocalDataOf?: string;
}

export function useSignOut() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const userId = useAuth().user?.id ?? null;

  const signOut = useCallback(
    async (options: SignOutOptions = {}) => {
      setPending(true);
      try {
        const { error } = await (await loadSupabase()).auth.signOut();
        if (error) throw error;
        // The subscription and trial kept for offline starts go with the session (ADR 0138).
        if (userId) forgetServerState(userId);
        // After the session: the open database closes when the user leaves the auth state.
        if (options.removeLocalDataOf) await removeLocalData(options.removeLocalDataOf);
        notify({
          kind: 'success',
          title: t('auth.logout.successTitle'),
          description: t('auth.logout.successDescription'),
          durationMs: LOGOUT_TOAST_MS.success,
        });
        void navigate('/auth', { replace: true });
      } catch (error) {
        console.error('Murmur could not sign out', error);
        notify({
          kind: 'error',
          title: t('auth.logout.errorTitle'),
          description: t('auth.logout.errorDescription'),
          durationMs: LOGOUT_TOAST_MS.error,
        });
      } finally {
        setPending(false);
      }
    },
    [navigate, t, userId],
  );

  return { signOut, pending };
}
