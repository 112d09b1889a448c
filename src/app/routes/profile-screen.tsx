import { useTranslation } from 'react-i18next';

import { ProfileSections } from '../../features/profile/index.ts';
import { Page } from '../../ui/page.tsx';
import { useSyncNow } from '../data/use-sync-now.ts';
import { useUserData } from '../../lib/user-data/use-user-data.ts';

export function Component() {
  const { t } = useTranslation();
  const userData = useUserData();
  const syncNow = useSyncNow();
  return (
    <Page title={t('screens.profile.title')} description={t('screens.profile.description')}>
      <ProfileSections db={userData?.db ?? null} syncNow={syncNow ?? undefined} />
    </Page>
  );
}
