import { useTranslation } from 'react-i18next';

import { ProfileSections } from '../../features/profile/profile-sections.tsx';
import { Page } from '../../ui/page.tsx';
import { useUserData } from '../data/use-user-data.ts';

export function Component() {
  const { t } = useTranslation();
  const userData = useUserData();
  // syncNow joins here once the sync engine is wired into the app data layer.
  return (
    <Page title={t('screens.profile.title')} description={t('screens.profile.description')}>
      <ProfileSections db={userData?.db ?? null} />
    </Page>
  );
}
