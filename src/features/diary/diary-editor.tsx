import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';

import { isPurged } from '../../db/is-purged.ts';
import { isDay } from '../../lib/dates/day.ts';
import { useToday } from '../../lib/dates/use-today.ts';
import { useUserData } from '../../lib/user-data/use-user-data.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { DiaryEditorForm } from './diary-editor-form.tsx';
import { NEW_DIARY_ENTRY_ID } from './new-diary-entry-path.ts';
import { NewDiaryEntryEditor } from './new-diary-entry-editor.tsx';

/**
 * /diary/:id — the entry, loaded once, then the draft is the person's until they leave.
 * /diary/new?day=… — a draft that becomes an entry with its first words; the same draft stays mounted
 * when the address then changes to the entry's, so typing and the caret are never interrupted.
 */
export function DiaryEditor({ id }: { id: string }) {
  const today = useToday();
  const [searchParams] = useSearchParams();
  const [day] = useState(() => searchParams.get('day'));
  const [drafted, setDrafted] = useState<string | null>(null);
  if (id === NEW_DIARY_ENTRY_ID || id === drafted) {
    return <NewDiaryEntryEditor day={day !== null && isDay(day) ? day : today} onNamed={setDrafted} />;
  }
  return <StoredDiaryEntry id={id} />;
}

function StoredDiaryEntry({ id }: { id: string }) {
  const { t } = useTranslation();
  const userData = useUserData();
  const entry = useLiveQuery(
    () =>
      (userData ? userData.db.diary_entries.get(id) : Promise.resolve(undefined)).then((row) => row ?? null),
    [userData, id],
  );
  if (entry === undefined || !userData) return <Spinner label={t('common.loading')} />;
  if (entry === null || isPurged(entry)) {
    return (
      <div role="alert">
        <p>{t('diary.notFound')}</p>
        <Link to="/diary">{t('diary.backToList')}</Link>
      </div>
    );
  }
  return <DiaryEditorForm key={entry.id} entry={entry} />;
}
