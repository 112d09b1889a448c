import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';

import type { NoteFields } from '../../db/commands/note-commands.ts';
import { useNewEntryDraft, type DraftWords } from '../../lib/drafts/use-new-entry-draft.ts';
import { notify } from '../../lib/toasts/toasts.ts';
import { Page } from '../../ui/page.tsx';
import { NoteEditor } from './note-editor.tsx';
import type { NotesData } from './notes-data.ts';
import styles from './notes.module.css';

/** The path of a note not written yet: `/notes/new`, optionally `?tag=` for the list's tag filter. */
export const NEW_NOTE_ID = 'new';

/**
 * /notes/new: an unsaved draft. Nothing is written until the title or the body holds words; the first
 * such keystroke creates the note (one createNote, under an id chosen here), the address becomes the
 * note's, and the full editor takes over with whatever was typed meanwhile. Backing out before leaves
 * nothing. Until the editor has taken over, a closing page copies the words to localStorage as a
 * `new-note` rescue, which the next start creates or writes into the note (ADR 0108).
 */
export function NewNoteEditor({
  data,
  tag,
  relockAfterMs,
  onNamed,
}: {
  data: NotesData;
  /** The list's tag filter when "New note" was chosen: the new note carries that tag. */
  tag: string;
  relockAfterMs: number;
  /** Told the note's id as its create begins, before the address changes to it. */
  onNamed: (id: string) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [id] = useState(() => data.commands.newNoteId());
  const [created, setCreated] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  const note = useLiveQuery(
    async () => (created ? ((await data.db.notes.get(id)) ?? null) : null),
    [data.db, id, created],
  );
  const taken = note !== undefined && note !== null;
  const fields = (words: DraftWords): Partial<NoteFields> => ({
    ...words,
    ...(tag === '' ? {} : { tags: [tag] }),
  });
  const draft = useNewEntryDraft({
    userId: data.userId,
    fieldIds: { title: 'note-title', body: 'note-body' },
    create: async (words) => {
      await data.commands.createNote(fields(words), id);
      setCreated(true);
      onNamed(id);
      // The list's search and tag in the address stay with it (the list beside the note keeps them).
      void navigate({ pathname: `/notes/${id}`, search }, { replace: true });
    },
    onCreateFailed: (error) => {
      console.error('Creating the note failed', error);
      notify({ kind: 'error', title: t('notes.createFailed'), category: 'error' });
    },
    rescue: (words) => ({ kind: 'new-note', id, fields: fields(words) }),
    stored: taken,
  });
  const { title, body } = draft.words;
  const handover = draft.handover;

  // The person chose "New note" to write one.
  useEffect(() => titleRef.current?.focus(), []);

  if (taken && handover !== null) {
    return <NoteEditor data={data} note={note} relockAfterMs={relockAfterMs} carried={handover} />;
  }

  return (
    <Page title={t('notes.new')}>
      <div className={styles.editorBar}>
        <Link to="/notes">{t('notes.backToList')}</Link>
        <p role="status" className={styles.saveStatus}>
          {draft.creating ? t('notes.save.saving') : ''}
        </p>
      </div>
      <div className={styles.field}>
        <label htmlFor="note-title">{t('notes.fields.title')}</label>
        <input
          ref={titleRef}
          id="note-title"
          className={`${styles.input} ${styles.titleInput}`}
          value={title}
          maxLength={500}
          onChange={(event) => draft.change({ title: event.target.value })}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor="note-body">{t('notes.fields.body')}</label>
        <textarea
          id="note-body"
          className={styles.body}
          value={body}
          onChange={(event) => draft.change({ body: event.target.value })}
        />
      </div>
    </Page>
  );
}
