import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { TechnicalDetails } from '../../ui/technical-details.tsx';
import { useSyncNow } from '../data/use-sync-now.ts';
import { useSyncStatus } from '../data/use-sync-status.ts';
import { announcementFor, syncCondition, type SyncCondition } from './sync-announcement.ts';
import { SyncStatusIcon } from './sync-status-icon.tsx';
import styles from './sync-status-indicator.module.css';

/**
 * The engine's status in the top corner (R34): an icon while all is well, a word when the user should
 * know (offline, a problem, changes waiting) and the number of changes not yet on the server. The
 * button opens a small panel with the details and "Sync now"; Escape closes it. A polite live region
 * says only what matters (announcementFor), never each progress tick.
 */
function SyncStatusIndicator() {
  const { t } = useTranslation();
  const status = useSyncStatus();
  const syncNow = useSyncNow();
  const [open, setOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const lastCondition = useRef<SyncCondition | null>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLElement>(null);
  const panelId = useId();

  // Escape closes the open panel when focus is in it (or on its button) and gives focus back.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !root.current?.contains(document.activeElement)) return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  useEffect(() => {
    if (!status) return;
    const next = syncCondition(status);
    if (next === null) return;
    const said = announcementFor(lastCondition.current, next);
    lastCondition.current = next;
    if (said?.key === 'offline') setAnnouncement(t('sync.announce.offline'));
    if (said?.key === 'recovered') setAnnouncement(t('sync.announce.recovered'));
    if (said?.key === 'error' && status.error)
      setAnnouncement(t('sync.announce.error', { reason: t(`sync.errors.${status.error.kind}`) }));
  }, [status, t]);

  if (!status) return null;
  const { state, pending, progress, error } = status;
  const quiet = pending === 0 && (state === 'up_to_date' || state === 'syncing');
  // Locked (R47): up to date with the server, but what this device wrote waits for the unlock.
  const said = state === 'up_to_date' && status.locked ? 'locked' : state;

  return (
    <aside ref={root} className={styles.root} data-state={state} aria-label={t('sync.title')}>
      <button
        ref={toggle}
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        <SyncStatusIcon state={state} className={styles.icon} />
        <span className={quiet ? styles.visuallyHidden : styles.label}>{t(`sync.state.${said}`)}</span>
        {pending > 0 ? (
          <>
            <span className={styles.badge} aria-hidden="true">
              {pending}
            </span>
            <span className={styles.visuallyHidden}> {t('sync.pending', { count: pending })}</span>
          </>
        ) : null}
      </button>
      {open ? (
        <div id={panelId} className={styles.panel} role="group" aria-label={t('sync.details')}>
          <p className={styles.summary}>{t(`sync.detail.${said}`)}</p>
          {state === 'syncing' && progress && progress.total > 0 ? (
            <p className={styles.line}>
              {t(`sync.progress.${progress.phase}`, {
                done: progress.done,
                total: progress.total,
                percent: Math.floor((progress.done / progress.total) * 100),
              })}
            </p>
          ) : null}
          <p className={styles.line}>
            {pending > 0 ? t('sync.pending', { count: pending }) : t('sync.nothingPending')}
          </p>
          {/* Sync goes on while locked (R47): what waits for the unlock is said here, not as an error. */}
          {status.locked && !error ? <p className={styles.line}>{t('sync.errors.locked')}</p> : null}
          {error ? (
            <div className={styles.error}>
              <p className={styles.line}>{t(`sync.errors.${error.kind}`)}</p>
              <TechnicalDetails className={styles.detail} detail={error.message} />
            </div>
          ) : null}
          <button type="button" className="button button-primary" onClick={() => void syncNow?.()}>
            {t('sync.syncNow')}
          </button>
        </div>
      ) : null}
      <div className={styles.visuallyHidden} role="status" aria-live="polite">
        {announcement}
      </div>
    </aside>
  );
}

export default SyncStatusIndicator;
