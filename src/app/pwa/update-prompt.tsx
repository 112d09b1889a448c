import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';

import styles from './update-prompt.module.css';
import { waitingUpdateAtom } from './waiting-update-atom.ts';

/**
 * A new version is waiting: the user decides when to reload, so nothing typed is lost. A polite live
 * region announces it; "Later" keeps the current version until the next start.
 */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const [waitingUpdate, setWaitingUpdate] = useAtom(waitingUpdateAtom);
  if (!waitingUpdate) return null;
  return (
    <div className={styles.prompt} role="status" aria-live="polite">
      <span>{t('pwa.updateReady')}</span>
      <div className={styles.actions}>
        <button type="button" className="button" onClick={() => setWaitingUpdate(null)}>
          {t('pwa.later')}
        </button>
        <button type="button" className="button button-primary" onClick={() => void waitingUpdate.apply()}>
          {t('pwa.reload')}
        </button>
      </div>
    </div>
  );
}
