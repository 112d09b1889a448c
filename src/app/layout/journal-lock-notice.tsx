import { useCallback, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { EncryptionProgress, useResyncWhenJournalClear } from '../../features/encryption/index.ts';
import { SyncContext } from '../data/sync-context.ts';
import { useSyncNow } from '../data/use-sync-now.ts';
import { useSyncStatus } from '../data/use-sync-status.ts';
import styles from './journal-lock-notice.module.css';

/**
 * Above every screen of a signed-in user: a journal encrypted elsewhere and not yet unlocked here says
 * so and leads to the unlock (its sealed rows wait off every screen until then while sync goes on,
 * ADR 0155), and turning
 * encryption on or off shows its progress wherever the person goes. A locked device asks again whether
 * the journal is still encrypted, and syncs again once it is not (ADR 0152).
 */
export default function JournalLockNotice() {
  const { t } = useTranslation();
  const locked = useSyncStatus()?.locked === true;
  useResyncWhenJournalClear(locked, useSyncNow());
  const sync = useContext(SyncContext);
  // Each batch the resend queues is a local write: the engine pushes it while the next is queued.
  const pushQueued = useCallback(() => sync?.notifyLocalWrite(), [sync]);
  return (
    <>
      {locked ? (
        <div role="region" aria-label={t('journalLock.title')} className={styles.notice}>
          <p>{t('journalLock.explain')}</p>
          <Link to="/settings/privacy" className="button button-primary">
            {t('journalLock.unlock')}
          </Link>
        </div>
      ) : null}
      <EncryptionProgress onQueued={pushQueued} />
    </>
  );
}
