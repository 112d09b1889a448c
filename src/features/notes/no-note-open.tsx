import { useTranslation } from 'react-i18next';

import styles from './notes.module.css';

/** Beside the list at desktop widths, while no note is open: where a picked or new note will show. */
export function NoNoteOpen() {
  const { t } = useTranslation();
  return (
    <div className={styles.noneOpen}>
      <h2>{t('notes.noneOpen.title')}</h2>
      <p>{t('notes.noneOpen.body')}</p>
    </div>
  );
}
