import { useTranslation } from 'react-i18next';

import { useAuth } from '../../features/auth/index.ts';
import { HomeGreeting, HomeOverview } from '../../features/home/index.ts';
import { displayNameOf } from '../../features/profile/index.ts';
import { useToday } from '../../lib/dates/use-today.ts';
import { Page } from '../../ui/page.tsx';

export function Component() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const today = useToday();
  return (
    <Page title={t('screens.dashboard.title')} description={t('screens.dashboard.description')}>
      <HomeGreeting displayName={displayNameOf(user)} />
      <HomeOverview today={today} />
    </Page>
  );
}
