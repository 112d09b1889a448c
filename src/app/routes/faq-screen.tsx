import { useTranslation } from 'react-i18next';

import { useDocumentStrings } from '../../lib/i18n/document-strings.ts';

import { FaqList } from '../../features/info/index.ts';
import { Page } from '../../ui/page.tsx';

export function Component() {
  useDocumentStrings();
  const { t } = useTranslation();
  return (
    <Page title={t('faq.title')} description={t('faq.intro')}>
      <FaqList />
    </Page>
  );
}
