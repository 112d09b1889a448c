import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';

import type { Commands } from '../../db/commands/create-commands.ts';
import type { Conflict } from '../../db/entities/conflict.ts';
import type { SyncedTable } from '../../db/entities/entity-tables.ts';
import type { MurmurDatabase } from '../../db/schema.ts';
import { ConflictItem } from './conflict-item.tsx';
import styles from './entry-conflicts.module.css';

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
        {conflicts.map((conflict) => (
          <ConflictItem
            key={conflict.id}
            conflict={conflict}
            hideBody={hideBody}
            fieldName={fieldName}
            restore={async (kept) => {
              await commands.restoreConflict(kept.id);
              onRestored?.(kept);
            }}
            dismiss={async (kept) => {
              await commands.dismissConflict(kept.id);
            }}
          />
        ))}
      </ul>
    </section>
  );
}
