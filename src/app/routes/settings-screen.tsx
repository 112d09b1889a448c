import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';

import { Page } from '../../ui/page.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <Page title={t('screens.settings.title')} description={t('screens.settings.description')}>
      <Outlet />
    </Page>
  );
}
