import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { heldJournalKey } from '../../db/journal-key.ts';
import type { UserData } from '../../lib/user-data/user-data-context.ts';
import { TechnicalDetails } from '../../ui/technical-details.tsx';
import { backupDue, readBackupState, writeBackupState, type BackupState } from './backup-reminder.ts';
import { downloadBlob } from './download-blob.ts';
import { errorText } from './error-text.ts';
import styles from './export-import.module.css';
import { dateTimeFormat } from '../../lib/i18n/intl-formats.ts';

type Status =
  | { kind: 'idle' }
  | { kind: 'running'; done: number; total: number }
  | { kind: 'done'; name: string; missingAudio: number }
  | { kind: 'failed'; detail: string };

export function ExportSection({ userData }: { userData: UserData }) {
  const { t, i18n } = useTranslation();
  const ids = { from: useId(), to: useId(), reminder: useId() };
  const [backup, setBackup] = useState<BackupState>(() => readBackupState(userData.userId));
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  // When the page opened: the reminder is judged once per visit, not on every render.
  const [openedAt] = useState(() => Date.now());
  const rangeIncomplete = (from === '') !== (to === '');
  // An encrypted journal is told, before it exports, that the archive is not (ADR 0151).
  const encrypted = useLiveQuery(async () => (await heldJournalKey(userData.db)) !== null, [userData]);

  const save = (next: BackupState) => {
    writeBackupState(userData.userId, next);
    setBackup(next);
  };

  const start = async () => {
    setStatus({ kind: 'running', done: 0, total: 1 });
    try {
      // The zip library and the archive writer load only now, never with the first screen.
      const [{ exportJournal, archiveFileName }, { storageAudioDownload }] = await Promise.all([
        import('./core/export-journal.ts'),
        import('./storage-audio-download.ts'),
      ]);
      const now = new Date();
      const range = from && to ? { from: from <= to ? from : to, to: from <= to ? to : from } : null;
      const download = storageAudioDownload(userData.db);
      const { blob, missingAudio } = await exportJournal(userData.db, now, range, {
        onProgress: ({ done, total }) => setStatus({ kind: 'running', done, total }),
        ...(download ? { download } : {}),
      });
      const name = archiveFileName(now, range);
      downloadBlob(blob, name);
      save({ ...backup, lastExport: now.toISOString() });
      setStatus({ kind: 'done', name, missingAudio: missingAudio.length });
    } catch (error) {
      setStatus({ kind: 'failed', detail: errorText(error) });
    }
  };

  const lastExport = backup.lastExport
    ? dateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(
        new Date(backup.lastExport),
      )
    : null;

  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{t('export.title')}</legend>
      {encrypted ? <p className={styles.notice}>{t('export.clearArchive')}</p> : null}
      <p data-testid="last-export">
        {lastExport ? t('export.lastExport', { date: lastExport }) : t('export.neverExported')}
      </p>
      {backupDue(backup, openedAt) ? (
        <p className={styles.notice} role="status">
          {t('export.reminderDue')}
        </p>
      ) : null}
      <div className={styles.field}>
        <label htmlFor={ids.reminder}>{t('export.reminder')}</label>
        <select
          id={ids.reminder}
          value={backup.reminderDays}
          aria-describedby={`${ids.reminder}-hint`}
          onChange={(event) =>
            save({ ...backup, reminderDays: Number(event.target.value) as BackupState['reminderDays'] })
          }
        >
          <option value={0}>{t('export.reminderOff')}</option>
          <option value={7}>{t('export.reminderWeekly')}</option>
          <option value={30}>{t('export.reminderMonthly')}</option>
        </select>
        <span id={`${ids.reminder}-hint`} className={styles.hint}>
          {t('export.reminderHint')}
        </span>
      </div>
      <div className={styles.range}>
        <div className={styles.field}>
          <label htmlFor={ids.from}>{t('export.from')}</label>
          <input id={ids.from} type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
        </div>
        <div className={styles.field}>
          <label htmlFor={ids.to}>{t('export.to')}</label>
          <input id={ids.to} type="date" value={to} onChange={(event) => setTo(event.target.value)} />
        </div>
      </div>
      <p className={styles.hint}>{rangeIncomplete ? t('export.rangeIncomplete') : t('export.rangeHint')}</p>
      <button
        type="button"
        className="button button-primary"
        disabled={status.kind === 'running' || rangeIncomplete}
        onClick={() => void start()}
      >
        {t('export.start')}
      </button>
      <div aria-live="polite" className={styles.status}>
        {status.kind === 'running' ? (
          <>
            <progress value={status.done} max={status.total} aria-label={t('export.start')} />
            <span>{t('export.progress', { done: status.done, total: status.total })}</span>
          </>
        ) : status.kind === 'done' ? (
          <span>
            {t('export.done', { name: status.name })}
            {status.missingAudio > 0 ? ` ${t('export.missingAudio', { count: status.missingAudio })}` : null}
          </span>
        ) : null}
      </div>
      {status.kind === 'failed' ? (
        <div role="alert">
          <p>{t('export.failed')}</p>
          <TechnicalDetails detail={status.detail} />
        </div>
      ) : null}
    </fieldset>
  );
}
