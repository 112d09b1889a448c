import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { useAuth } from '../../features/auth/index.ts';
import { OnboardingForm } from '../../features/onboarding/index.ts';
import { Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useUserData } from '../../lib/user-data/use-user-data.ts';

/** /onboarding is open (product spec §2); a visitor is pointed to creating an account first. */
export function Component() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const userData = useUserData();
  return (
    <Page title={t('screens.onboarding.title')} description={t('screens.onboarding.description')}>
      {user && !userData ? (
        // The default fonts are saved into the user's own database: wait until it is open.
        <Spinner label={t('common.loading')} />
      ) : user && userData ? (
        <OnboardingForm user={user} commands={userData.commands} />
      ) : (
        <p>
          <Link to="/auth#sign-up">{t('onboarding.signUpFirst')}</Link>
        </p>
      )}
    </Page>
  );
}
