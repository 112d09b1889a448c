import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';

import type { Stored } from '../../db/entities/common.ts';
import type { Note } from '../../db/entities/note.ts';
import { notify } from '../../lib/toasts/toasts.ts';
import { Page } from '../../ui/page.tsx';
import type { NoteFields } from '../../db/commands/note-commands.ts';
import { LockedNoteGate } from './locked-note-gate.tsx';
import { textColorOn } from '../../ui/text-color-on.ts';
import { NoteConflicts } from './note-conflicts.tsx';
import { NoteLockControls } from './note-lock-controls.tsx';
import { NoteStylePickers } from './note-style-pickers.tsx';
import type { NotesData } from './notes-data.ts';
import type { NotesNavigationState } from './notes-list-screen.tsx';
import { ReadAloudButton } from '../../ui/read-aloud-button.tsx';
import { spokenText } from '../../ui/spoken-text.ts';
import { TagsEditor } from './tags-editor.tsx';
import { useAutosave, type SaveStatus } from '../../lib/drafts/use-autosave.ts';
import { EditBase, storedFields } from '../../lib/drafts/edit-base.ts';
import type { CarriedDraft } from '../../lib/drafts/use-new-entry-draft.ts';
import { useIdleRelock } from './use-idle-relock.ts';
import { useFont } from '../../lib/fonts/use-font.ts';
import { useNoteSettings } from './use-note-settings.ts';
import { targetKey } from '../voice/index.ts';
import { useInsertAtCursor } from '../voice/index.ts';
import { RecordButton } from '../voice/index.ts';
import { EntryRecordings } from '../voice/index.ts';
import styles from './notes.module.css';

const STATUS_KEYS: Record<SaveStatus, string | null> = {
  idle: null,
  pending: 'notes.save.saving',
  saved: 'notes.save.saved',
  error: 'notes.save.failed',
};

type Look = Pick<Note, 'font' | 'color' | 'font_size'>;

function sameLook(a: Look, b: Look): boolean {
  return a.font === b.font && a.color === b.color && a.font_size === b.font_size;
}

/** The fields an editor's save is planned against what it showed (R37). */
const EDITED = ['title', 'body', 'tags'] as const;

/** What the editor follows of the stored note: the edited fields' HLCs. */
function storedKey(note: Stored<Note>): string {
  return EDITED.map((field) => note._sync.hlc[field] ?? '').join(' ');
}

/**
 * Editing one note. Title and body save while typing (debounced) and on blur, leaving or hiding the
 * page; the other fields save at once. A locked note shows its title and a PIN form; its body is not
 * rendered until unlocked, and it locks again after a minute idle, on hiding the page or on leaving.
 */
export function NoteEditor({
  data,
  note,
  relockAfterMs,
  carried,
}: {
  data: NotesData;
  note: Stored<Note>;
  relockAfterMs: number;
  carried?: CarriedDraft;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const settings = useNoteSettings(data);
  const titleRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const [title, setTitle] = useState(carried?.title ?? note.title);
  const [body, setBody] = useState(carried?.body ?? note.body);
  const [unlocked, setUnlocked] = useState(false);
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  // What the editor shows and what it derives from (R37): a save is planned against that base.
  const [base] = useState(() => new EditBase(storedFields(note, EDITED)));
  const shown = useRef<Record<string, unknown>>({});
  useLayoutEffect(() => {
    shown.current = { title, body, tags: note.tags };
  });
  const save = async (patch: Partial<NoteFields>, again: (patch: Partial<NoteFields>) => void) => {
    const saved = await data.commands.editNote(note.id, patch, base.seen(Object.keys(patch)));
    const after = base.afterSave(patch, saved, shown.current);
    if (typeof after.show['title'] === 'string') setTitle(after.show['title']);
    if (typeof after.show['body'] === 'string') setBody(after.show['body']);
    if (after.changedElsewhere) setChangedElsewhere(true);
    if (Object.keys(after.resave).length > 0) again(after.resave as Partial<NoteFields>);
  };
  const rescue = useCallback(
    (patch: Partial<NoteFields>) => ({
      userId: data.userId,
      write: { kind: 'note' as const, id: note.id, patch, seen: base.seen(Object.keys(patch)) },
    }),
    [data.userId, note.id, base],
  );
  const autosave = useAutosave(save, { rescue });
  const hidden = note.locked && !unlocked;
  useInsertAtCursor(hidden ? null : targetKey('notes', note.id, 'body'), bodyRef, body, (next) => {
    setBody(next);
    autosave.schedule({ body: next });
    void autosave.flush();
  });

  // Another tab, device (sync) or a restored conflict changed the note: show it where the person has
  // no unsaved words; where they have, their words stay and the next save merges the two (R38).
  const followKey = `${storedKey(note)} ${autosave.status}`;
  const [followed, setFollowed] = useState(followKey);
  if (followed !== followKey) {
    setFollowed(followKey);
    const follow = base.follow(
      storedFields(note, EDITED),
      { title, body, tags: note.tags },
      autosave.status === 'pending',
    );
    if (typeof follow.show['title'] === 'string') setTitle(follow.show['title']);
    if (typeof follow.show['body'] === 'string') setBody(follow.show['body']);
    if (follow.changedElsewhere) setChangedElsewhere(true);
  }

  // Words the draft took after its create began are this editor's first save; the caret stays put.
  const [carriedOver] = useState(carried);
  useLayoutEffect(() => {
    if (!carriedOver) return;
    const tail: Partial<NoteFields> = {};
    if (carriedOver.title !== note.title) tail.title = carriedOver.title;
    if (carriedOver.body !== note.body) tail.body = carriedOver.body;
    if (Object.keys(tail).length > 0) autosave.schedule(tail);
    const focus = carriedOver.focus;
    const field = focus?.field === 'title' ? titleRef.current : focus ? bodyRef.current : null;
    field?.focus();
    if (focus) field?.setSelectionRange(focus.start, focus.end);
    // Once, as the editor takes over from the draft: the note it compares with is the created one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [carriedOver]);

  const relock = useCallback(() => {
    void autosave.flush();
    setUnlocked(false);
  }, [autosave]);
  useIdleRelock(note.locked && unlocked, relock, relockAfterMs);

  const saveNow = (patch: Partial<NoteFields>) => {
    autosave.schedule(patch);
    void autosave.flush();
  };

  const lock = async () => {
    await autosave.flush();
    await data.commands.updateNote(note.id, { locked: true });
    setUnlocked(false);
  };

  const remove = async () => {
    await autosave.flush();
    await data.commands.deleteNote(note.id);
    notify({
      kind: 'success',
      title: t('notes.deleted'),
      essential: true,
      action: { label: t('notes.undo'), onClick: () => void data.commands.restoreNote(note.id) },
    });
    const state: NotesNavigationState = { focusList: true };
    void navigate('/notes', { state });
  };

  // A picked font, colour or size shows at once, before its save comes back through the live query;
  // the picks give way as soon as the stored look changes (their save landing, or a change from elsewhere).
  const stored: Look = { font: note.font, color: note.color, font_size: note.font_size };
  const [picked, setPicked] = useState<{ look: Partial<Look>; over: Look } | null>(null);
  const pending = picked && sameLook(picked.over, stored) ? picked.look : {};
  const look: Look = { ...stored, ...pending };
  const family = useFont(look.font);

  // Taking over from a draft whose words all went into the create: they are saved.
  const statusKey = STATUS_KEYS[autosave.status === 'idle' && carriedOver ? 'saved' : autosave.status];
  const textStyle = { fontFamily: family, backgroundColor: look.color, color: textColorOn(look.color) };
  const showLock = settings.enable_note_lock || note.locked;

  return (
    <Page title={title.trim() || t('notes.untitled')}>
      <div className={styles.editorBar}>
        <Link to="/notes">{t('notes.backToList')}</Link>
        <p role="status" className={styles.saveStatus}>
          {statusKey ? t(statusKey) : ''}
          {changedElsewhere ? ` ${t('notes.save.changedElsewhere')}` : ''}
        </p>
      </div>
      <div className={styles.field}>
        <label htmlFor="note-title">{t('notes.fields.title')}</label>
        <input
          ref={titleRef}
          id="note-title"
          className={`${styles.input} ${styles.titleInput}`}
          style={textStyle}
          value={title}
          maxLength={500}
          onChange={(event) => {
            setTitle(event.target.value);
            autosave.schedule({ title: event.target.value });
          }}
          onBlur={() => void autosave.flush()}
        />
      </div>
      {hidden ? (
        <LockedNoteGate userId={data.userId} onUnlock={() => setUnlocked(true)} />
      ) : (
        <div className={styles.field}>
          <label htmlFor="note-body">{t('notes.fields.body')}</label>
          <textarea
            ref={bodyRef}
            id="note-body"
            className={styles.body}
            style={{ ...textStyle, fontSize: `${look.font_size}px` }}
            value={body}
            onChange={(event) => {
              setBody(event.target.value);
              autosave.schedule({ body: event.target.value });
            }}
            onBlur={() => void autosave.flush()}
          />
        </div>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className="button"
          aria-pressed={note.pinned}
          onClick={() => saveNow({ pinned: !note.pinned })}
        >
          {note.pinned ? t('notes.unpin') : t('notes.pin')}
        </button>
        {!hidden ? (
          <RecordButton
            destination={{ kind: 'field', table: 'notes', id: note.id, field: 'body' }}
            label={t('voice.recordHere')}
          />
        ) : null}
        {settings.enable_text_to_speech && !hidden ? (
          <ReadAloudButton text={spokenText([title, body])} lang={i18n.language} />
        ) : null}
        {showLock && !hidden ? (
          <NoteLockControls
            userId={data.userId}
            locked={note.locked}
            onLock={() => void lock()}
            onRelock={relock}
            onRemoveLock={() => saveNow({ locked: false })}
          />
        ) : null}
        <button type="button" className="button" onClick={() => void remove()}>
          {t('notes.delete')}
        </button>
      </div>
      {!hidden ? <EntryRecordings entryId={note.id} text={body} /> : null}
      <NoteConflicts data={data} noteId={note.id} hideBody={hidden} />
      <details className={styles.details}>
        <summary>{t('notes.style.heading')}</summary>
        <NoteStylePickers
          value={look}
          onChange={(patch) => {
            setPicked({ look: { ...pending, ...patch }, over: stored });
            saveNow(patch);
          }}
        />
      </details>
      <TagsEditor tags={note.tags} onChange={(tags) => saveNow({ tags })} />
    </Page>
  );
}
