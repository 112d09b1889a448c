import { useTranslation } from 'react-i18next';

import { ResetPasswordForm } from '../../features/auth/index.ts';
import { Page } from '../../ui/page.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <Page title={t('screens.resetPassword.title')} description={t('screens.resetPassword.description')}>
      <ResetPasswordForm />
    </Page>
  );
}
