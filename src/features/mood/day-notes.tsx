import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import type { Note } from '../../db/entities/note.ts';
import styles from './mood.module.css';

/** Notes listed before "Show all": a day of an import can hold thousands, each a link to render. */
export const DAY_NOTES_SHOWN = 20;

/**
 * The titles of the notes written on a day, as links (titles only: a body may be locked). A day with
 * more than DAY_NOTES_SHOWN lists that many and a button that shows the rest, which then takes the
 * focus to the first note it showed.
 */
export function DayNotes({ notes }: { notes: readonly Note[] }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const firstRevealed = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (all) firstRevealed.current?.focus();
  }, [all]);
  const shown = all ? notes : notes.slice(0, DAY_NOTES_SHOWN);
  return (
    <section aria-labelledby="day-notes" className={styles.section}>
      <h3 id="day-notes">{t('mood.notesThatDay')}</h3>
      <ul className={styles.list}>
        {shown.map((note, index) => (
          <li key={note.id}>
            <Link to={`/notes/${note.id}`} ref={index === DAY_NOTES_SHOWN ? firstRevealed : undefined}>
              {note.title || t('mood.untitledNote')}
            </Link>
          </li>
        ))}
      </ul>
      {shown.length < notes.length ? (
        <button type="button" className="button" onClick={() => setAll(true)}>
          {t('mood.showAllNotes', { count: notes.length })}
        </button>
      ) : null}
    </section>
  );
}
