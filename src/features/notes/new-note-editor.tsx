import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';

import type { NoteFields } from '../../db/commands/note-commands.ts';
import { forgetRescue, rescueWrite } from '../../lib/drafts/rescued-writes.ts';
import { keepDraftSaver } from '../../lib/drafts/unsaved-drafts.ts';
import { notify } from '../../lib/toasts/toasts.ts';
import { Page } from '../../ui/page.tsx';
import { NoteEditor, type CarriedDraft } from './note-editor.tsx';
import type { NotesData } from './notes-data.ts';
import styles from './notes.module.css';

/** The path of a note not written yet: `/notes/new`, optionally `?tag=` for the list's tag filter. */
export const NEW_NOTE_ID = 'new';

type Creation = { state: 'none' } | { state: 'creating' | 'created'; done: Promise<unknown> };

/** Where the caret is, if in one of the draft's fields. */
function caretIn(element: Element | null): CarriedDraft['focus'] {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) return null;
  const field = element.id === 'note-title' ? 'title' : element.id === 'note-body' ? 'body' : null;
  if (field === null) return null;
  return { field, start: element.selectionStart ?? 0, end: element.selectionEnd ?? 0 };
}

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
  const [id] = useState(() => data.commands.newNoteId());
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [handover, setHandover] = useState<CarriedDraft | null>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const words = useRef({ title: '', body: '' });
  const creation = useRef<Creation>({ state: 'none' });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState(false);
  const note = useLiveQuery(
    async () => (created ? ((await data.db.notes.get(id)) ?? null) : null),
    [data.db, id, created],
  );
  const fields = (): Partial<NoteFields> => ({
    ...words.current,
    ...(tag === '' ? {} : { tags: [tag] }),
  });

  const create = () => {
    const done = data.commands.createNote(fields(), id).then(
      () => {
        creation.current = { state: 'created', done };
        setCreated(true);
        onNamed(id);
        void navigate(`/notes/${id}`, { replace: true });
      },
      (error: unknown) => {
        console.error('Creating the note failed', error);
        creation.current = { state: 'none' };
        setCreating(false);
        notify({ kind: 'error', title: t('notes.createFailed'), category: 'error' });
      },
    );
    creation.current = { state: 'creating', done };
    setCreating(true);
  };

  const change = (next: { title: string; body: string }) => {
    words.current = next;
    setTitle(next.title);
    setBody(next.body);
    const hasWords = next.title.trim() !== '' || next.body.trim() !== '';
    if (hasWords && creation.current.state === 'none') create();
  };

  // The person chose "New note" to write one.
  useEffect(() => titleRef.current?.focus(), []);

  const taken = note !== undefined && note !== null;
  // The note is stored: hand the editor the words and the caret as they are now, before the browser
  // paints or takes another keystroke, so nothing typed meanwhile is left behind in the draft.
  useLayoutEffect(() => {
    if (taken && handover === null) {
      setHandover({ ...words.current, focus: caretIn(document.activeElement) });
    }
  }, [taken, handover]);

  useEffect(() => {
    if (taken) return;
    // Another tab's newer Murmur, or a sign-out, waits for the create that holds the first words.
    const removeSaver = keepDraftSaver(() =>
      creation.current.state === 'none' ? Promise.resolve() : creation.current.done,
    );
    let rescued: string | null = null;
    const onHide = () => {
      const { title: shownTitle, body: shownBody } = words.current;
      if (shownTitle.trim() === '' && shownBody.trim() === '') return;
      rescued = rescueWrite(data.userId, { kind: 'new-note', id, fields: fields() }, Date.now());
    };
    // Back from the back/forward cache, the page lives on and saves the words itself.
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted || rescued === null) return;
      forgetRescue(rescued);
      rescued = null;
    };
    window.addEventListener('pagehide', onHide);
    window.addEventListener('pageshow', onShow);
    return () => {
      removeSaver();
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('pageshow', onShow);
    };
    // fields() reads the refs and `tag`, which is fixed for the draft's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [taken, data.userId, id]);

  if (taken && handover !== null) {
    return <NoteEditor data={data} note={note} relockAfterMs={relockAfterMs} carried={handover} />;
  }

  return (
    <Page title={t('notes.new')}>
      <div className={styles.editorBar}>
        <Link to="/notes">{t('notes.backToList')}</Link>
        <p role="status" className={styles.saveStatus}>
          {creating ? t('notes.save.saving') : ''}
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
          onChange={(event) => change({ title: event.target.value, body: words.current.body })}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor="note-body">{t('notes.fields.body')}</label>
        <textarea
          id="note-body"
          className={styles.body}
          value={body}
          onChange={(event) => change({ title: words.current.title, body: event.target.value })}
        />
      </div>
    </Page>
  );
}
