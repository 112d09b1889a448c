import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { BACKUP_SNOOZE_MS, backupDue, readBackupState, writeBackupState } from './backup-reminder.ts';
import styles from './export-import.module.css';

/**
 * The backup reminder where the user looks every day, not only in Settings → Storage and data: shown
 * when the chosen period has passed since this device's last export, until they export or say 'Later'.
 */
export function BackupReminderNotice({ userId }: { userId: string }) {
  const { t } = useTranslation();
  // Judged once per visit, like the Storage page does.
  const [openedAt] = useState(() => Date.now());
  const [due, setDue] = useState(() => backupDue(readBackupState(userId), openedAt));
  if (!due) return null;

  const later = () => {
    const snoozedUntil = new Date(Date.now() + BACKUP_SNOOZE_MS).toISOString();
    writeBackupState(userId, { ...readBackupState(userId), snoozedUntil });
    setDue(false);
  };

  return (
    <section className="card" aria-labelledby="backup-reminder-title">
      <h2 id="backup-reminder-title">{t('export.reminderTitle')}</h2>
      <p>{t('export.reminderDue')}</p>
      <div className={styles.reminderActions}>
        <Link className="button button-primary" to="/settings/storage">
          {t('export.reminderAction')}
        </Link>
        <button type="button" className="button" onClick={later}>
          {t('export.reminderLater')}
        </button>
      </div>
    </section>
  );
}
