import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { Page } from '../../ui/page.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <Page title={t('screens.notFound.title')} description={t('screens.notFound.description')}>
      <Link className="button button-primary" to="/">
        {t('screens.notFound.home')}
      </Link>
    </Page>
  );
}
