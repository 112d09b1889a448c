import { useTranslation } from 'react-i18next';

import styles from './error-fallback.module.css';

/** Shown in place of a screen that failed to render (product spec §2, §8). */
export function ErrorFallback({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div className={styles.box} role="alert">
      <h1 className={styles.title}>{t('error.title')}</h1>
      <p>{t('error.description')}</p>
      <pre className={styles.message}>{message}</pre>
      <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
        {t('error.reload')}
      </button>
    </div>
  );
}
