import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';

import type { Conflict } from '../../db/entities/conflict.ts';
import type { NotesData } from './notes-data.ts';
import styles from './notes.module.css';

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

/**
 * Versions of this note that sync did not keep (R20–R22): each with the other value and one-click
 * restore or dismiss. A locked note's other body stays hidden like its body until it is unlocked.
 */
export function NoteConflicts({
  data,
  noteId,
  hideBody,
}: {
  data: NotesData;
  noteId: string;
  hideBody: boolean;
}) {
  const { t } = useTranslation();
  const conflicts = useLiveQuery(
    () =>
      data.db.conflicts
        .where('[table_name+row_id]')
        .equals(['notes', noteId])
        .filter((conflict) => conflict.resolved_at === null)
        .toArray(),
    [data.db, noteId],
  );
  if (!conflicts || conflicts.length === 0) return null;
  return (
    <section className={styles.conflicts} aria-labelledby="note-conflicts-heading">
      <h2 id="note-conflicts-heading">{t('notes.conflicts.heading', { count: conflicts.length })}</h2>
      <ul>
        {conflicts.map((conflict) => {
          const hidden = hideBody && (conflict.field === 'body' || conflict.field === null);
          const text = describe(conflict, hideBody);
          return (
            <li key={conflict.id} className={styles.conflict}>
              <p>
                {conflict.field
                  ? t('notes.conflicts.field', { field: t(`notes.fields.${conflict.field}`, conflict.field) })
                  : t('notes.conflicts.rejected')}
              </p>
              {hidden ? (
                <p className={styles.hint}>{t('notes.conflicts.hiddenWhileLocked')}</p>
              ) : (
                <blockquote className={styles.conflictValue}>{text || t('notes.conflicts.empty')}</blockquote>
              )}
              {/* Nobody restores or throws away a version they cannot see: unlock first. */}
              {hidden ? null : (
                <div className={styles.actions}>
                  <button
                    type="button"
                    className="button"
                    onClick={() => void data.commands.restoreConflict(conflict.id)}
                  >
                    {t('notes.conflicts.restore')}
                  </button>
                  <button
                    type="button"
                    className="button"
                    onClick={() => void data.commands.dismissConflict(conflict.id)}
                  >
                    {t('notes.conflicts.dismiss')}
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
