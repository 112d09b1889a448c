import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { MurmurDatabase } from '../../db/schema.ts';
import { saveDraftsInEveryTab } from '../../lib/drafts/drafts-in-every-tab.ts';
import { saveEveryDraft } from '../../lib/drafts/unsaved-drafts.ts';
import { notify } from '../../lib/toasts/toasts.ts';
import { useSignOut } from '../auth/index.ts';
import { loadJournalArchiveDownload } from '../export/index.ts';
import { countPendingChanges } from './pending-changes.ts';
import styles from './profile.module.css';

/** The longest sign-out waits for the user's other tabs to write their drafts (a frozen tab never does). */
const OTHER_TABS_WAIT_MS = 1_500;

export interface SignOutSectionProps {
  /** The signed-in user's local database; null while it opens. */
  db: MurmurDatabase | null;
  /** Pushes the outbox now. Given once the sync engine is wired; without it only export is offered. */
  syncNow?: () => Promise<void>;
}

/**
 * Sign-out never loses data: changes still in the outbox are counted and the user may sync them
 * first or export the journal (a Murmur archive), before this user's local data is removed from the device.
 */
export function SignOutSection({ db, syncNow }: SignOutSectionProps) {
  const { t } = useTranslation();
  const { signOut, pending } = useSignOut();
  const [unsynced, setUnsynced] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [exported, setExported] = useState(false);
  const dialogHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (unsynced) dialogHeading.current?.focus();
  }, [unsynced]);

  const leave = () => signOut(db ? { removeLocalDataOf: db.userId } : {});

  const start = async () => {
    if (!db) return;
    setBusy(true);
    try {
      // Words typed in another window of this user, still in its autosave's pause, count too.
      await saveDraftsInEveryTab(db.userId, {
        saveHere: saveEveryDraft,
        maxWaitMs: OTHER_TABS_WAIT_MS,
        requestId: crypto.randomUUID(),
      });
      const count = await countPendingChanges(db);
      if (count === 0) {
        await leave();
        return;
      }
      setUnsynced(count);
    } finally {
      setBusy(false);
    }
  };

  const sync = async () => {
    if (!syncNow || !db) return;
    setBusy(true);
    try {
      await syncNow();
      const left = await countPendingChanges(db);
      if (left === 0) await leave();
      else setUnsynced(left);
    } catch (error) {
      console.error('Murmur could not sync before signing out', error);
      notify({ kind: 'error', title: t('profile.signOutPending.syncFailed') });
    } finally {
      setBusy(false);
    }
  };

  // The whole journal as a Murmur archive, unsynced changes included: a file any Murmur account can
  // import, not a dump only this device understands.
  const exportJournal = async () => {
    if (!db) return;
    setBusy(true);
    try {
      const { downloadJournalArchive } = await loadJournalArchiveDownload();
      await downloadJournalArchive(db, new Date());
      // Said in the dialog, not as a toast: a toast now would hold back the goodbye toast (debounce).
      setExported(true);
    } catch (error) {
      console.error('Murmur could not export the journal before signing out', error);
      notify({ kind: 'error', title: t('profile.signOutPending.exportFailed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="profile-sign-out">
      <h2 id="profile-sign-out">{t('profile.signOutHeading')}</h2>
      {unsynced ? (
        <div
          className={styles.notice}
          role="alertdialog"
          aria-labelledby="unsynced-title"
          aria-describedby="unsynced-text"
        >
          <h3 id="unsynced-title" ref={dialogHeading} tabIndex={-1}>
            {t('profile.signOutPending.title')}
          </h3>
          <p id="unsynced-text">{t('profile.signOutPending.count', { count: unsynced })}</p>
          <p role="status">{exported ? t('profile.signOutPending.exported') : ''}</p>
          <div className={styles.actions}>
            {syncNow ? (
              <button
                type="button"
                className="button button-primary"
                disabled={busy || pending}
                onClick={() => void sync()}
              >
                {t('profile.signOutPending.sync')}
              </button>
            ) : null}
            <button
              type="button"
              className="button"
              disabled={busy || pending}
              onClick={() => void exportJournal()}
            >
              {t('profile.signOutPending.export')}
            </button>
            <button type="button" className="button" disabled={busy || pending} onClick={() => void leave()}>
              {t('profile.signOutPending.discard')}
            </button>
            <button
              type="button"
              className="button"
              disabled={busy || pending}
              onClick={() => setUnsynced(null)}
            >
              {t('profile.signOutPending.cancel')}
            </button>
          </div>
        </div>
      ) : (
        // Until the user's database is open its outbox cannot be counted, so sign-out waits for it.
        <button
          type="button"
          className="button"
          onClick={() => void start()}
          disabled={busy || pending || !db}
        >
          {t('profile.signOut')}
        </button>
      )}
    </section>
  );
}
