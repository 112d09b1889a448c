import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { useAuth } from '../../features/auth/use-auth.ts';
import { Page } from '../../ui/page.tsx';
import { paths } from '../routing/paths.ts';

export function Component() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <Page title={t('screens.dashboard.title')} description={t('screens.dashboard.description')}>
      {user?.email ? <p>{t('screens.dashboard.signedInAs', { email: user.email })}</p> : null}
      <ul className="link-list">
        <li>
          <Link to={paths.notes}>{t('nav.tabs.notes')}</Link>
        </li>
        <li>
          <Link to={paths.mood}>{t('nav.tabs.diary')}</Link>
        </li>
        <li>
          <Link to="/settings">{t('screens.settings.title')}</Link>
        </li>
      </ul>
    </Page>
  );
}
