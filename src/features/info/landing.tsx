import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { Page } from '../../ui/page.tsx';
import styles from './info.module.css';

const FEATURES = ['voice', 'offline', 'mood', 'yours'] as const;

export function Landing({ installSlot }: { installSlot?: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Page title={t('landing.title')}>
      <div className={styles.hero}>
        <p className={styles.tagline}>{t('landing.tagline')}</p>
        <div className={styles.actions}>
          <Link className="button button-primary" to="/auth">
            {t('landing.start')}
          </Link>
          <Link className="button" to="/faq">
            {t('landing.learnMore')}
          </Link>
          {installSlot}
        </div>
      </div>
      <ul className={styles.features}>
        {FEATURES.map((feature) => (
          <li key={feature}>
            <h2>{t(`landing.features.${feature}.title`)}</h2>
            <p>{t(`landing.features.${feature}.body`)}</p>
          </li>
        ))}
      </ul>
      <footer className={styles.footer}>
        <Link to="/faq">{t('links.faq')}</Link>
        <Link to="/support">{t('links.support')}</Link>
        <Link to="/privacy">{t('links.privacy')}</Link>
        <Link to="/terms">{t('links.terms')}</Link>
      </footer>
    </Page>
  );
}
