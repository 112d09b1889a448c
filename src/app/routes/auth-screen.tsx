import { useTranslation } from 'react-i18next';

import { Page } from '../../ui/page.tsx';

/** /auth and /login. The sign-in and sign-up forms arrive with the accounts work. */
export function Component() {
  const { t } = useTranslation();
  return <Page title={t('screens.auth.title')} description={t('screens.auth.description')} />;
}
