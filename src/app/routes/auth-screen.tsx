import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';

import { AuthPanel } from '../../features/auth/index.ts';
import { Page } from '../../ui/page.tsx';
import { returnTarget } from '../routing/access-rule.ts';

/** /auth and /login: sign in, create an account, sign in with a code, or recover a password. */
export function Component() {
  const { t } = useTranslation();
  const { hash, state } = useLocation();
  const from = (state as { from?: unknown } | null)?.from;
  return (
    <Page title={t('screens.auth.title')} description={t('screens.auth.description')}>
      <AuthPanel
        initialMode={hash === '#sign-up' ? 'signUp' : hash === '#forgot' ? 'forgot' : 'signIn'}
        returnTo={returnTarget(from)}
      />
    </Page>
  );
}
