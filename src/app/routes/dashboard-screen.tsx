import { useTranslation } from 'react-i18next';

import { useAuth } from '../../features/auth/use-auth.ts';
import { HomeGreeting } from '../../features/home/home-greeting.tsx';
import { HomeOverview } from '../../features/home/home-overview.tsx';
import { displayNameOf } from '../../features/profile/display-name-section.tsx';
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
