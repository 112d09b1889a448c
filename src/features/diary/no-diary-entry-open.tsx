import { useTranslation } from 'react-i18next';

import styles from './diary.module.css';

/** Beside the diary at desktop widths, while no entry is open: where a picked or new entry will show. */
export function NoDiaryEntryOpen() {
  const { t } = useTranslation();
  return (
    <div className={styles.noneOpen}>
      <h2>{t('diary.noneOpen.title')}</h2>
      <p>{t('diary.noneOpen.body')}</p>
    </div>
  );
}
