import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { FaqList } from '../../features/info/index.ts';
import { useDocumentStrings } from '../../lib/i18n/document-strings.ts';
import { Page } from '../../ui/page.tsx';
import { AppVersion } from '../pwa/app-version.tsx';
import styles from './support-screen.module.css';

export function Component() {
  useDocumentStrings();
  const { t } = useTranslation();
  return (
    <Page title={t('support.title')} description={t('support.intro')}>
      <FaqList />
      <aside className={styles.contact} aria-labelledby="support-contact">
        <h2 id="support-contact">{t('support.contactTitle')}</h2>
        <p>{t('support.contactBody')}</p>
        <p>
          <Link to="/privacy">{t('links.privacy')}</Link> · <Link to="/terms">{t('links.terms')}</Link>
        </p>
        <AppVersion />
      </aside>
    </Page>
  );
}
