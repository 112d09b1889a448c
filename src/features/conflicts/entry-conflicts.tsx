import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';

import type { Commands } from '../../db/commands/create-commands.ts';
import type { Conflict } from '../../db/entities/conflict.ts';
import type { SyncedTable } from '../../db/entities/entity-tables.ts';
import type { MurmurDatabase } from '../../db/schema.ts';
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

interface EntryConflictsProps {
  db: MurmurDatabase;
  commands: Pick<Commands, 'restoreConflict' | 'dismissConflict'>;
  table: SyncedTable;
  rowId: string;
  /** The field's name for people ('title' → 'Title'). */
  fieldName: (field: string) => string;
  /** A locked note's other body stays hidden, like its body, until it is unlocked. */
  hideBody?: boolean;
  /** After a restore: an editor holding a draft takes the restored value into it. */
  onRestored?: (conflict: Conflict) => void;
}

/**
 * Versions of this entry that sync did not keep (R20–R22), on the entry they belong to: each with the
 * other value and one-click restore or dismiss.
 */
export function EntryConflicts({
  db,
  commands,
  table,
  rowId,
  fieldName,
  hideBody = false,
  onRestored,
}: EntryConflictsProps) {
  const { t } = useTranslation();
  const conflicts = useLiveQuery(
    () =>
      db.conflicts
        .where('[table_name+row_id]')
        .equals([table, rowId])
        .filter((conflict) => conflict.resolved_at === null)
        .toArray(),
    [db, table, rowId],
  );
  if (!conflicts || conflicts.length === 0) return null;
  const headingId = `conflicts-${rowId}`;
  return (
    <section className={styles.conflicts} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('conflicts.heading', { count: conflicts.length })}</h2>
      <ul>
        {conflicts.map((conflict) => {
          const hidden = hideBody && (conflict.field === 'body' || conflict.field === null);
          const text = describe(conflict, hideBody);
          return (
            <li key={conflict.id} className={styles.conflict}>
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
                  <button
                    type="button"
                    className="button"
                    onClick={() =>
                      void commands.restoreConflict(conflict.id).then(() => onRestored?.(conflict))
                    }
                  >
                    {t('conflicts.restore')}
                  </button>
                  <button
                    type="button"
                    className="button"
                    onClick={() => void commands.dismissConflict(conflict.id)}
                  >
                    {t('conflicts.dismiss')}
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
