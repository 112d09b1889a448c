import { useLiveQuery } from 'dexie-react-hooks';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { editedAfterDelete } from '../../db/edited-after-delete.ts';
import { isPurged } from '../../db/is-purged.ts';
import { formatDate } from '../../lib/i18n/locale-format.ts';
import { notify } from '../../lib/toasts/toasts.ts';
import { BadgeIcon } from '../../ui/badge-icon.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import type { NotesData } from './notes-data.ts';
import styles from './notes.module.css';

/** The most recently deleted notes shown; older ones stay stored (tombstones, R24) and restorable later. */
const TRASH_LIMIT = 200;

type Purge = { kind: 'note'; id: string; title: string } | { kind: 'all' };

/**
 * /notes/trash: recently deleted notes, newest first, each with Restore and Delete forever, and Empty
 * trash for them all; deleting forever asks first. Locked notes show no body. Notes deleted forever
 * (R42) are not listed.
 */
export function NotesTrashScreen({ data }: { data: NotesData }) {
  const { t, i18n } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const deleted = useLiveQuery(async () => {
    const notes = (await data.db.notes.toArray()).filter(
      (note) => note.deleted_at !== null && !isPurged(note),
    );
    notes.sort((a, b) => ((a.deleted_at ?? '') < (b.deleted_at ?? '') ? 1 : -1));
    return notes.slice(0, TRASH_LIMIT);
  }, [data.db]);

  const [purging, setPurging] = useState<Purge | null>(null);

  const purge = async (what: Purge) => {
    try {
      if (what.kind === 'note') await data.commands.purgeNote(what.id);
      else await data.commands.emptyNotesTrash();
      notify({
        kind: 'success',
        title: t(what.kind === 'note' ? 'notes.trash.deletedForever' : 'notes.trash.emptied'),
      });
    } catch (error) {
      console.error('Deleting notes forever failed', error);
      notify({ kind: 'error', title: t('notes.trash.purgeFailed'), category: 'error' });
    }
    // The note leaves this list: keep keyboard focus on the list's heading, not lost on <body>.
    headingRef.current?.focus();
  };

  const restore = async (id: string) => {
    await data.commands.restoreNote(id);
    notify({ kind: 'success', title: t('notes.trash.restored') });
    // The restored row leaves this list: keep keyboard focus on the list's heading, not lost on <body>.
    headingRef.current?.focus();
  };

  return (
    <Page title={t('notes.trash.title')} description={t('notes.trash.description')}>
      <p>
        <Link to="/notes">{t('notes.backToList')}</Link>
      </p>
      <h2 ref={headingRef} tabIndex={-1} className={styles.count}>
        {deleted ? t('notes.trash.count', { count: deleted.length }) : ''}
      </h2>
      {deleted && deleted.length > 0 ? (
        <p>
          <button type="button" className="button" onClick={() => setPurging({ kind: 'all' })}>
            {t('notes.trash.emptyTrash')}
          </button>
        </p>
      ) : null}
      <ConfirmDialog
        open={purging !== null}
        title={
          purging?.kind === 'note'
            ? t('notes.trash.deleteForeverTitle', { title: purging.title })
            : t('notes.trash.emptyTrashTitle')
        }
        description={
          purging?.kind === 'note'
            ? t('notes.trash.deleteForeverBody')
            : t('notes.trash.emptyTrashBody', { count: deleted?.length ?? 0 })
        }
        confirmLabel={t(purging?.kind === 'note' ? 'notes.trash.deleteForever' : 'notes.trash.emptyTrash')}
        cancelLabel={t('notes.cancel')}
        onConfirm={() => {
          if (purging) void purge(purging);
        }}
        onClose={() => setPurging(null)}
      />
      {deleted === undefined ? (
        <Spinner label={t('common.loading')} />
      ) : deleted.length === 0 ? (
        <p className={styles.empty}>{t('notes.trash.empty')}</p>
      ) : (
        <ul className={styles.trashList}>
          {deleted.map((note) => (
            <li key={note.id} className={styles.trashItem}>
              <span className={styles.cardTitle}>
                {note.locked ? (
                  <>
                    <BadgeIcon name="locked" /> {note.title.trim() || t('notes.locked.label')}
                  </>
                ) : (
                  note.title.trim() || t('notes.untitled')
                )}
              </span>
              <span className={styles.hint}>
                {t('notes.trash.deletedAt', {
                  when: formatDate(new Date(note.deleted_at ?? 0), i18n.language, {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  }),
                })}
              </span>
              {editedAfterDelete(note, ['title', 'body']) ? (
                <span className={styles.hint}>{t('notes.keptAfterDelete')}</span>
              ) : null}
              <button type="button" className="button" onClick={() => void restore(note.id)}>
                {t('notes.trash.restore')}
                <span className={styles.visuallyHidden}> {note.title.trim() || t('notes.untitled')}</span>
              </button>
              <button
                type="button"
                className="button"
                onClick={() =>
                  setPurging({ kind: 'note', id: note.id, title: note.title.trim() || t('notes.untitled') })
                }
              >
                {t('notes.trash.deleteForever')}
                <span className={styles.visuallyHidden}> {note.title.trim() || t('notes.untitled')}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
