import { useTranslation } from 'react-i18next';

import { downloadBlob } from '../export/index.ts';
import { settingFieldStyles } from '../settings/index.ts';
import styles from './encryption.module.css';

/**
 * The recovery key, shown once right after encryption was turned on: it is stored nowhere, so this is
 * the person's only chance to keep it (written down, or downloaded).
 */
export function RecoveryKeyPanel({ recoveryKey, onKept }: { recoveryKey: string; onKept: () => void }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="recovery-key-title" className={settingFieldStyles.group}>
      <h3 id="recovery-key-title">{t('encryption.recovery.title')}</h3>
      <p>{t('encryption.recovery.explain')}</p>
      <output className={styles.recoveryKey} aria-label={t('encryption.recovery.title')}>
        {recoveryKey}
      </output>
      <div className={settingFieldStyles.actions}>
        <button
          type="button"
          className="button"
          onClick={() =>
            downloadBlob(
              new Blob([`${t('encryption.recovery.fileIntro')}\n\n${recoveryKey}\n`], {
                type: 'text/plain;charset=utf-8',
              }),
              'murmur-recovery-key.txt',
            )
          }
        >
          {t('encryption.recovery.download')}
        </button>
        <button type="button" className="button button-primary" onClick={onKept}>
          {t('encryption.recovery.kept')}
        </button>
      </div>
    </section>
  );
}
