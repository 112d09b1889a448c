import { useTranslation } from 'react-i18next';

import { FaqList } from '../../features/info/faq-list.tsx';
import { Page } from '../../ui/page.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <Page title={t('faq.title')} description={t('faq.intro')}>
      <FaqList />
    </Page>
  );
}
