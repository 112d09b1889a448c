import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';

import { editedAfterDelete } from '../../db/edited-after-delete.ts';
import { isPurged } from '../../db/is-purged.ts';
import { Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { NEW_NOTE_ID, NewNoteEditor } from './new-note-editor.tsx';
import { NoteEditor } from './note-editor.tsx';
import type { NotesData } from './notes-data.ts';
import { RELOCK_IDLE_MS } from './use-idle-relock.ts';

/**
 * /notes/:id — the note, or why it cannot be edited (missing, or in the trash with a restore button).
 * /notes/new — a draft that becomes a note with its first words; the same draft editor stays on when
 * the address then changes to the note's, so the person's typing and caret are never interrupted.
 */
export function NoteEditorScreen({
  data,
  noteId,
  relockAfterMs = RELOCK_IDLE_MS,
}: {
  data: NotesData;
  noteId: string;
  relockAfterMs?: number;
}) {
  const [searchParams] = useSearchParams();
  const [drafted, setDrafted] = useState<string | null>(null);
  const [tag] = useState(() => searchParams.get('tag') ?? '');
  if (noteId === NEW_NOTE_ID || noteId === drafted) {
    return <NewNoteEditor data={data} tag={tag} relockAfterMs={relockAfterMs} onNamed={setDrafted} />;
  }
  return <StoredNoteScreen data={data} noteId={noteId} relockAfterMs={relockAfterMs} />;
}

function StoredNoteScreen({
  data,
  noteId,
  relockAfterMs,
}: {
  data: NotesData;
  noteId: string;
  relockAfterMs: number;
}) {
  const { t } = useTranslation();
  const note = useLiveQuery(async () => (await data.db.notes.get(noteId)) ?? null, [data.db, noteId]);
  if (note === undefined) return <Spinner label={t('common.loading')} />;
  // A note deleted forever has nothing left to show or restore.
  if (note === null || isPurged(note)) {
    return (
      <Page title={t('notes.missing.title')} description={t('notes.missing.body')}>
        <Link to="/notes">{t('notes.backToList')}</Link>
      </Page>
    );
  }
  if (note.deleted_at !== null) {
    return (
      <Page
        title={note.locked ? t('notes.locked.label') : note.title.trim() || t('notes.untitled')}
        description={t('notes.inTrash')}
      >
        {editedAfterDelete(note, ['title', 'body']) ? (
          <p role="status">{t('notes.keptAfterDelete')}</p>
        ) : null}
        <p>
          <button
            type="button"
            className="button button-primary"
            onClick={() => void data.commands.restoreNote(note.id)}
          >
            {t('notes.trash.restore')}
          </button>
        </p>
        <Link to="/notes">{t('notes.backToList')}</Link>
      </Page>
    );
  }
  return <NoteEditor key={note.id} data={data} note={note} relockAfterMs={relockAfterMs} />;
}
