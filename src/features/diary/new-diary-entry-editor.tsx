import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';

import { formatDay, type Day } from '../../lib/dates/day.ts';
import { useNewEntryDraft, type DraftWords } from '../../lib/drafts/use-new-entry-draft.ts';
import { notify } from '../../lib/toasts/toasts.ts';
import type { UserData } from '../../lib/user-data/user-data-context.ts';
import { useUserData } from '../../lib/user-data/use-user-data.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { DiaryEditorForm } from './diary-editor-form.tsx';
import styles from './diary.module.css';

const TITLE_ID = 'new-diary-entry-title';
const BODY_ID = 'new-diary-entry-body';

/**
 * /diary/new?day=…: an unsaved draft of an entry for `day`. Nothing is written until the title or the
 * body holds words; the first such keystroke creates the entry (one createDiaryEntry, under an id chosen
 * here), the address becomes the entry's, and the full editor takes over with whatever was typed
 * meanwhile, the caret where it was. Backing out before leaves nothing. Until the editor has taken over,
 * a closing page keeps the words as a `new-diary-entry` rescue (ADR 0144).
 */
export function NewDiaryEntryEditor({ day, onNamed }: { day: Day; onNamed: (id: string) => void }) {
  const { t } = useTranslation();
  const userData = useUserData();
  if (!userData) return <Spinner label={t('common.loading')} />;
  return <NewDiaryEntryDraft data={userData} day={day} onNamed={onNamed} />;
}

function NewDiaryEntryDraft({
  data,
  day,
  onNamed,
}: {
  data: UserData;
  day: Day;
  /** Told the entry's id once it is created, before the address changes to it. */
  onNamed: (id: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [id] = useState(() => data.commands.newDiaryEntryId());
  const [created, setCreated] = useState(false);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const entry = useLiveQuery(
    async () => (created ? ((await data.db.diary_entries.get(id)) ?? null) : null),
    [data.db, id, created],
  );
  const taken = entry !== undefined && entry !== null;
  const fields = (words: DraftWords) => ({ day, ...words });
  const draft = useNewEntryDraft({
    userId: data.userId,
    fieldIds: { title: TITLE_ID, body: BODY_ID },
    create: async (words) => {
      await data.commands.createDiaryEntry(fields(words), id);
      setCreated(true);
      onNamed(id);
      void navigate(`/diary/${id}`, { replace: true });
    },
    onCreateFailed: (error) => {
      console.error('Creating the diary entry failed', error);
      notify({ kind: 'error', title: t('diary.createFailed'), category: 'error' });
    },
    rescue: (words) => ({ kind: 'new-diary-entry', id, fields: fields(words) }),
    stored: taken,
  });

  // The person chose "New entry" to write: the caret starts in the entry's text.
  useEffect(() => bodyRef.current?.focus(), []);

  if (taken && draft.handover !== null) {
    return <DiaryEditorForm entry={entry} carried={draft.handover} />;
  }

  return (
    <form className={styles.editor} onSubmit={(event) => event.preventDefault()}>
      <div className={styles.toolbar}>
        <Link to={`/mood?day=${day}`}>{t('diary.backToDay')}</Link>
        <p className={styles.saveState} role="status" aria-live="polite">
          {draft.creating ? t('diary.saveState.pending') : ''}
        </p>
      </div>
      <p>{formatDay(day, i18n.language)}</p>
      <div className={styles.field}>
        <label htmlFor={TITLE_ID}>{t('diary.entryTitle')}</label>
        <input
          id={TITLE_ID}
          value={draft.words.title}
          maxLength={500}
          onChange={(event) => draft.change({ title: event.target.value })}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={BODY_ID}>{t('diary.body')}</label>
        <textarea
          ref={bodyRef}
          id={BODY_ID}
          className={styles.body}
          value={draft.words.body}
          rows={14}
          onChange={(event) => draft.change({ body: event.target.value })}
        />
      </div>
    </form>
  );
}
