import { useTranslation } from 'react-i18next';

import { ProfileDetails } from '../../features/auth/profile-details.tsx';
import { Page } from '../../ui/page.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <Page title={t('screens.profile.title')} description={t('screens.profile.description')}>
      <ProfileDetails />
    </Page>
  );
}
