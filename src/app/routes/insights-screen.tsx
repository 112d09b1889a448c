import { useTranslation } from 'react-i18next';

import { InsightsView } from '../../features/insights/index.ts';
import { Page } from '../../ui/page.tsx';

/** /insights — statistics of the user's own journal, computed on the device. */
export function Component() {
  const { t } = useTranslation();
  return (
    <Page title={t('screens.insights.title')} description={t('screens.insights.description')}>
      <InsightsView />
    </Page>
  );
}
