import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';

import { loadSupabase } from '../../lib/load-supabase.ts';
import { notify } from '../../lib/toasts/toasts.ts';
import { isPublicPath, onSessionExpired } from './session-expiry.ts';

/**
 * Product spec §8's session-expired case: on a non-public page the stale session is dropped from this
 * device (so / does not bounce a "signed-in" user back to /app), the user is told, and goes to /.
 * On public pages nothing needs a session, so nothing happens.
 */
export function SessionExpiryWatcher() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pathnameRef = useRef(pathname);
  const handling = useRef(false);

  useEffect(() => {
    pathnameRef.current = pathname;
  }, [pathname]);

  useEffect(
    () =>
      onSessionExpired(() => {
        if (handling.current || isPublicPath(pathnameRef.current)) return;
        handling.current = true;
        notify({ kind: 'error', title: t('auth.sessionExpired') });
        void loadSupabase()
          .then((supabase) => supabase.auth.signOut({ scope: 'local' }))
          .catch((error: unknown) => console.error('Murmur could not clear the expired session', error))
          .finally(() => {
            handling.current = false;
            void navigate('/', { replace: true });
          });
      }),
    [navigate, t],
  );

  return null;
}
