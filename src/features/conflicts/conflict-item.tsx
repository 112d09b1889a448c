import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Conflict } from '../../db/entities/conflict.ts';
import styles from './entry-conflicts.module.css';

/** How a kept value reads: text as it is, anything else (a whole refused change) as its text fields. */
function describe(conflict: Conflict, hideBody: boolean): string {
  const value = conflict.losing_value;
  if (conflict.field !== null) {
    if (conflict.field === 'body' && hideBody) return '';
    return typeof value === 'string' ? value : JSON.stringify(value);
  }
  if (value && typeof value === 'object') {
    const fields = { ...(value as Record<string, unknown>) };
    if (hideBody) delete fields['body'];
    return Object.values(fields)
      .filter((field) => typeof field === 'string')
      .join(' · ');
  }
  return '';
}

type Action = 'restore' | 'dismiss';

interface ConflictItemProps {
  conflict: Conflict;
  hideBody: boolean;
  fieldName: (field: string) => string;
  restore: (conflict: Conflict) => Promise<void>;
  dismiss: (conflict: Conflict) => Promise<void>;
}

/**
 * One kept version with its restore and dismiss. A refused restore or dismiss says so on the version
 * itself (not in a toast the person may have turned off) and leaves the version and the entry as they
 * were, so nothing is lost and the person can try again.
 */
export function ConflictItem({ conflict, hideBody, fieldName, restore, dismiss }: ConflictItemProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<Action | null>(null);
  const hidden = hideBody && (conflict.field === 'body' || conflict.field === null);
  const text = describe(conflict, hideBody);

  const run = (action: Action) => {
    setBusy(true);
    setFailed(null);
    (action === 'restore' ? restore : dismiss)(conflict)
      .catch((error: unknown) => {
        console.error(`Murmur could not ${action} a kept version`, error);
        setFailed(action);
      })
      .finally(() => setBusy(false));
  };

  return (
    <li className={styles.conflict}>
      <p>
        {conflict.field
          ? t('conflicts.field', { field: fieldName(conflict.field) })
          : t('conflicts.rejected')}
      </p>
      {hidden ? (
        <p className={styles.hint}>{t('conflicts.hiddenWhileLocked')}</p>
      ) : (
        <blockquote className={styles.conflictValue}>{text || t('conflicts.empty')}</blockquote>
      )}
      {/* Nobody restores or throws away a version they cannot see: unlock first. */}
      {hidden ? null : (
        <div className={styles.actions}>
          <button type="button" className="button" disabled={busy} onClick={() => run('restore')}>
            {t('conflicts.restore')}
          </button>
          <button type="button" className="button" disabled={busy} onClick={() => run('dismiss')}>
            {t('conflicts.dismiss')}
          </button>
        </div>
      )}
      <p role="alert" className={styles.error}>
        {failed === 'restore' ? t('conflicts.restoreFailed') : null}
        {failed === 'dismiss' ? t('conflicts.dismissFailed') : null}
      </p>
    </li>
  );
}
