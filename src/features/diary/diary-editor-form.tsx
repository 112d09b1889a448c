import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';

import type { Stored } from '../../db/entities/common.ts';
import type { DiaryEntry } from '../../db/entities/diary-entry.ts';
import { editedAfterDelete } from '../../db/edited-after-delete.ts';
import type { CarriedDraft } from '../../lib/drafts/use-new-entry-draft.ts';
import { EditBase, storedFields } from '../../lib/drafts/edit-base.ts';
import { isDay } from '../../lib/dates/day.ts';
import { useFont } from '../../lib/fonts/use-font.ts';
import { notify } from '../../lib/toasts/toasts.ts';
import { useUserData } from '../../lib/user-data/use-user-data.ts';
import { useAutosave } from '../../lib/drafts/use-autosave.ts';
import { ColorSwatches } from '../../ui/color-swatches.tsx';
import { FontPicker } from '../../ui/font-picker.tsx';
import { FontSizePicker } from '../../ui/font-size-picker.tsx';
import { ReadAloudButton } from '../../ui/read-aloud-button.tsx';
import { spokenText } from '../../ui/spoken-text.ts';
import { textColorOn } from '../../ui/text-color-on.ts';
import { useSettings } from '../settings/index.ts';
import { targetKey } from '../voice/index.ts';
import { useInsertAtCursor } from '../voice/index.ts';
import { RecordButton } from '../voice/index.ts';
import { EntryRecordings } from '../voice/index.ts';
import { EntryConflicts } from '../conflicts/index.ts';
import { DeleteDiaryEntryForever } from './delete-diary-entry-forever.tsx';
import styles from './diary.module.css';

type Editable = Pick<DiaryEntry, 'day' | 'title' | 'body' | 'font' | 'color' | 'font_size'>;

/** The fields a save is planned against what the editor showed (R37). */
const EDITED = ['title', 'body'] as const;

/** What the editor follows of the stored entry: the edited fields' HLCs. */
function storedKey(entry: Stored<DiaryEntry>): string {
  return EDITED.map((field) => entry._sync.hlc[field] ?? '').join(' ');
}

const DIARY_FIELD_NAMES: Record<string, string> = {
  day: 'diary.day',
  title: 'diary.entryTitle',
  body: 'diary.body',
  font: 'settings.appearance.font',
  color: 'settings.appearance.colour',
  font_size: 'settings.appearance.size',
};

/** The fields of `value` that differ from what was last saved: an edit stamps only what changed. */
function changedFields(value: Editable, saved: Editable): Partial<Editable> {
  return Object.fromEntries(
    (Object.keys(value) as (keyof Editable)[])
      .filter((field) => value[field] !== saved[field])
      .map((field) => [field, value[field]]),
  ) as Partial<Editable>;
}

/**
 * Editing one stored diary entry: the draft is the person's until they leave. `carried` is what a new
 * entry's draft hands over once the entry exists: words typed after the create began, saved as the first
 * edit, and the caret, which stays where the person was typing.
 */
export function DiaryEditorForm({ entry, carried }: { entry: Stored<DiaryEntry>; carried?: CarriedDraft }) {
  const { t, i18n } = useTranslation();
  const { settings } = useSettings();
  const navigate = useNavigate();
  const userData = useUserData();
  const [draft, setDraft] = useState<Editable>({
    day: entry.day,
    title: carried?.title ?? entry.title,
    body: carried?.body ?? entry.body,
    font: entry.font,
    color: entry.color,
    font_size: entry.font_size,
  });
  const [saved, setSaved] = useState<Editable>(() => ({ ...draft, title: entry.title, body: entry.body }));
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  // What the editor shows and what it derives from (R37): a save is planned against that base.
  const [base] = useState(() => new EditBase(storedFields(entry, EDITED)));
  const shown = useRef<Editable>(draft);
  useLayoutEffect(() => {
    shown.current = draft;
  });
  const family = useFont(draft.font);
  const ids = { title: useId(), body: useId(), day: useId() };
  const deleted = entry.deleted_at !== null;

  const { status, schedule, flush } = useAutosave<Editable>(
    async (value, again) => {
      // Thrown, not skipped: the autosave keeps the value queued and says it is not saved.
      if (!userData) throw new Error('No journal is open to save the entry in');
      const patch = changedFields(value, saved);
      if (Object.keys(patch).length === 0) return;
      const stored = await userData.commands.editDiaryEntry(entry.id, patch, base.seen(Object.keys(patch)));
      const asStored = Object.fromEntries(Object.entries(stored).map(([field, { value }]) => [field, value]));
      setSaved({ ...value, ...asStored });
      const after = base.afterSave(patch, stored, shown.current);
      if (after.changedElsewhere) setChangedElsewhere(true);
      if (Object.keys(after.show).length > 0) {
        const next = { ...shown.current, ...after.show } as Editable;
        setDraft(next);
        if (Object.keys(after.resave).length > 0) again(next);
      }
    },
    {
      rescue: (value) => {
        const patch = changedFields(value, saved);
        if (!userData || Object.keys(patch).length === 0) return null;
        const seen = base.seen(Object.keys(patch));
        return { userId: userData.userId, write: { kind: 'diary-entry', id: entry.id, patch, seen } };
      },
    },
  );

  // Another tab or device changed the entry: show it where the person has no unsaved words; where they
  // have, their words stay and the next save merges the two (R38).
  const followKey = `${storedKey(entry)} ${status}`;
  const [followed, setFollowed] = useState(followKey);
  if (followed !== followKey) {
    setFollowed(followKey);
    const follow = base.follow(storedFields(entry, EDITED), draft, status === 'pending');
    if (Object.keys(follow.show).length > 0) {
      const next = { ...draft, ...follow.show } as Editable;
      setDraft(next);
      setSaved((current) => ({ ...current, ...follow.show }));
    }
    if (follow.changedElsewhere) setChangedElsewhere(true);
  }

  const edit = (fields: Partial<Editable>) => {
    const next = { ...draft, ...fields };
    setDraft(next);
    if (!deleted) schedule(next);
  };
  const titleRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const [carriedOver] = useState(carried);
  // Before the browser paints or takes another keystroke: the words typed while the entry was being
  // created are this editor's first save, and the caret goes on where it was.
  useLayoutEffect(() => {
    if (!carriedOver) return;
    if (carriedOver.title !== entry.title || carriedOver.body !== entry.body) schedule(shown.current);
    const focus = carriedOver.focus;
    const field = focus?.field === 'title' ? titleRef.current : focus ? bodyRef.current : null;
    field?.focus();
    if (focus) field?.setSelectionRange(focus.start, focus.end);
    // Once, as the editor takes over from the draft.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [carriedOver]);
  useInsertAtCursor(
    deleted ? null : targetKey('diary_entries', entry.id, 'body'),
    bodyRef,
    draft.body,
    (body) => {
      const next = { ...draft, body };
      setDraft(next);
      schedule(next);
      void flush();
    },
  );

  const remove = async () => {
    if (!userData) return;
    await flush();
    try {
      await userData.commands.deleteDiaryEntry(entry.id);
      notify({
        kind: 'success',
        title: t('diary.deleted'),
        durationMs: 8000,
        essential: true,
        action: {
          label: t('common.undo'),
          onClick: () => void userData.commands.restoreDiaryEntry(entry.id),
        },
      });
      void navigate(`/mood?day=${draft.day}`);
    } catch (error) {
      console.error('Deleting the diary entry failed', error);
      notify({ kind: 'error', title: t('diary.deleteFailed'), category: 'error' });
    }
  };

  return (
    <form className={styles.editor} onSubmit={(event) => event.preventDefault()}>
      <div className={styles.toolbar}>
        <Link to={`/mood?day=${draft.day}`} onClick={() => void flush()}>
          {t('diary.backToDay')}
        </Link>
        <p className={styles.saveState} role="status" aria-live="polite">
          {deleted ? t('diary.inTrash') : t(`diary.saveState.${status === 'error' ? 'failed' : status}`)}
          {!deleted && changedElsewhere ? ` ${t('diary.changedElsewhere')}` : ''}
        </p>
        {editedAfterDelete(entry, EDITED) ? <p role="status">{t('diary.keptAfterDelete')}</p> : null}
      </div>
      <div className={styles.field}>
        <label htmlFor={ids.day}>{t('diary.day')}</label>
        <input
          id={ids.day}
          type="date"
          value={draft.day}
          required
          disabled={deleted}
          onChange={(event) => {
            if (isDay(event.target.value)) edit({ day: event.target.value });
          }}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={ids.title}>{t('diary.entryTitle')}</label>
        <input
          ref={titleRef}
          id={ids.title}
          value={draft.title}
          maxLength={500}
          disabled={deleted}
          onChange={(event) => edit({ title: event.target.value })}
          onBlur={() => void flush()}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={ids.body}>{t('diary.body')}</label>
        <textarea
          ref={bodyRef}
          id={ids.body}
          className={styles.body}
          value={draft.body}
          rows={14}
          disabled={deleted}
          style={{
            fontFamily: family,
            fontSize: `${draft.font_size}px`,
            background: draft.color,
            color: textColorOn(draft.color),
          }}
          onChange={(event) => edit({ body: event.target.value })}
          onBlur={() => void flush()}
        />
      </div>
      {!deleted ? (
        <div className={styles.actions}>
          <RecordButton
            destination={{ kind: 'field', table: 'diary_entries', id: entry.id, field: 'body' }}
            label={t('voice.recordHere')}
          />
          {settings.enable_text_to_speech ? (
            <ReadAloudButton text={spokenText([draft.title, draft.body])} lang={i18n.language} />
          ) : null}
        </div>
      ) : null}
      <EntryRecordings entryId={entry.id} text={draft.body} />
      {userData ? (
        <EntryConflicts
          db={userData.db}
          commands={userData.commands}
          table="diary_entries"
          rowId={entry.id}
          fieldName={(field) => t(DIARY_FIELD_NAMES[field] ?? field)}
          onRestored={(conflict) => {
            // The restored value replaces the draft's, and counts as saved.
            if (conflict.field === null || !(conflict.field in draft)) return;
            const restored = { [conflict.field]: conflict.losing_value } as Partial<Editable>;
            setDraft((current) => ({ ...current, ...restored }));
            setSaved((current) => ({ ...current, ...restored }));
          }}
        />
      ) : null}
      <div className={styles.look}>
        <FontPicker
          label={t('settings.appearance.font')}
          value={draft.font}
          disabled={deleted}
          onChange={(font) => edit({ font })}
        />
        <FontSizePicker
          label={t('settings.appearance.size')}
          value={draft.font_size}
          disabled={deleted}
          onChange={(font_size) => edit({ font_size })}
        />
        <ColorSwatches
          label={t('settings.appearance.colour')}
          value={draft.color}
          disabled={deleted}
          onChange={(color) => edit({ color })}
        />
      </div>
      <div className={styles.actions}>
        {deleted ? (
          <>
            <button
              type="button"
              className="button button-primary"
              onClick={() => void userData?.commands.restoreDiaryEntry(entry.id)}
            >
              {t('diary.restore')}
            </button>
            <DeleteDiaryEntryForever
              id={entry.id}
              title={draft.title}
              onPurged={() => void navigate(`/mood?day=${draft.day}`)}
            />
          </>
        ) : (
          <button type="button" className="button" onClick={() => void remove()}>
            {t('diary.delete')}
          </button>
        )}
      </div>
    </form>
  );
}
