import { useTranslation } from 'react-i18next';

import { useAuth } from '../../features/auth/index.ts';
import { HomeOverview } from '../../features/home/index.ts';
import { useToday } from '../../lib/dates/use-today.ts';
import { Page } from '../../ui/page.tsx';

export function Component() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const today = useToday();
  return (
    <Page title={t('screens.dashboard.title')} description={t('screens.dashboard.description')}>
      {user?.email ? <p>{t('screens.dashboard.signedInAs', { email: user.email })}</p> : null}
      <HomeOverview today={today} />
    </Page>
  );
}
