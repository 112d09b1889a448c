import { useTranslation } from 'react-i18next';

import styles from './auth-forms.module.css';

/** A request's failure, announced when it appears; `error` is a translation key. */
export function FormError({ error }: { error: string | null }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p className={styles.error} role="alert">
      {t(error)}
    </p>
  );
}
