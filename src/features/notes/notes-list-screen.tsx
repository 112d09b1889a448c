import { useLiveQuery } from 'dexie-react-hooks';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';

import { readInChunks } from '../../db/read-in-chunks.ts';
import { Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { NoteLockSettings } from './note-lock-settings.tsx';
import { noteMatches } from './note-search.ts';
import { orderNotes } from './note-order.ts';
import type { NotesData } from './notes-data.ts';
import { VirtualNoteList } from './virtual-note-list.tsx';
import styles from './notes.module.css';

export interface NotesNavigationState {
  /** Set by the editor after a delete: focus returns to the list's search box. */
  focusList?: boolean;
  /** Set by the list after creating a note: the editor focuses the title. */
  created?: boolean;
}

/**
 * The moment this page load first has the notes read from the database; from here to the list's own
 * mark ('murmur:notes-list') is the list's mount, which the notes-list benchmark reports.
 */
function markNotesRead(): void {
  const mark = 'murmur:notes-read';
  if (performance.getEntriesByName(mark, 'mark').length === 0) performance.mark(mark);
}

const NO_NOTES: readonly { tags: string[] }[] = [];

/** Notes turned into objects per IndexedDB request: a few ms each at 1× CPU. */
const NOTES_PER_READ = 2_000;

/** Every tag in use, once each, sorted for the filter. */
function allTags(notes: readonly { tags: string[] }[], locale: string): string[] {
  const tags = new Set<string>();
  for (const note of notes) for (const tag of note.tags) tags.add(tag);
  return [...tags].sort((a, b) => a.localeCompare(b, locale));
}

/** /notes: pinned then recent, filtered by search and tag (both kept in the address), virtualised. */
export function NotesListScreen({ data }: { data: NotesData }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const tag = params.get('tag') ?? '';
  const [creating, setCreating] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const notes = useLiveQuery(
    // getAll in chunks and a filter in JS: a Dexie filter() walks a cursor row by row, several times
    // slower, and one getAll of every note makes them all objects in one long main-thread task.
    async () => {
      const live = (await readInChunks(data.db.notes, NOTES_PER_READ)).filter(
        (note) => note.deleted_at === null,
      );
      markNotesRead();
      return live;
    },
    [data.db],
  );
  const ordered = useMemo(() => (notes ? orderNotes(notes) : []), [notes]);
  // The tag filter's choices can arrive a moment after the cards: a deferred pass collects them.
  const taggedNotes = useDeferredValue(ordered, NO_NOTES);
  const tags = useMemo(() => allTags(taggedNotes, i18n.language), [taggedNotes, i18n.language]);
  const shown = useMemo(
    () =>
      query === '' && tag === ''
        ? ordered
        : ordered.filter((note) => (tag === '' || note.tags.includes(tag)) && noteMatches(note, query)),
    [ordered, query, tag],
  );

  const focusList = (location.state as NotesNavigationState | null)?.focusList === true;
  useEffect(() => {
    if (focusList && notes) searchRef.current?.focus();
  }, [focusList, notes]);

  const setParam = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value === '') next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true });
  };

  const createNote = async () => {
    setCreating(true);
    try {
      const id = await data.commands.createNote(tag === '' ? {} : { tags: [tag] });
      const state: NotesNavigationState = { created: true };
      void navigate(`/notes/${id}`, { state });
    } finally {
      setCreating(false);
    }
  };

  return (
    <Page title={t('screens.notes.title')} description={t('screens.notes.description')}>
      <div className={styles.toolbar}>
        <button
          type="button"
          className="button button-primary"
          onClick={() => void createNote()}
          disabled={creating}
        >
          {t('notes.new')}
        </button>
        <Link to="/notes/trash" className="button">
          {t('notes.trash.link')}
        </Link>
      </div>
      <NoteLockSettings data={data} />
      <div role="search" className={styles.filters}>
        <div className={styles.field}>
          <label htmlFor="notes-search">{t('notes.search.label')}</label>
          <input
            ref={searchRef}
            id="notes-search"
            type="search"
            className={styles.input}
            value={query}
            onChange={(event) => setParam('q', event.target.value)}
            placeholder={t('notes.search.placeholder')}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor="notes-tag">{t('notes.tags.filter')}</label>
          <select
            id="notes-tag"
            className={styles.input}
            value={tag}
            onChange={(event) => setParam('tag', event.target.value)}
          >
            <option value="">{t('notes.tags.all')}</option>
            {tags.map((name) => (
              <option key={name} value={name}>
                #{name}
              </option>
            ))}
            {tag !== '' && !tags.includes(tag) ? <option value={tag}>#{tag}</option> : null}
          </select>
        </div>
      </div>
      {notes === undefined ? (
        <Spinner label={t('common.loading')} />
      ) : (
        <>
          <p className={styles.count} role="status">
            {query === '' && tag === ''
              ? t('notes.list.count', { count: shown.length })
              : t('notes.list.matches', { count: shown.length })}
          </p>
          {notes.length === 0 ? (
            <div className={styles.empty}>
              <h2>{t('notes.empty.title')}</h2>
              <p>{t('notes.empty.body')}</p>
            </div>
          ) : shown.length === 0 ? (
            <div className={styles.empty}>
              <h2>{t('notes.noMatches.title')}</h2>
              <p>{t('notes.noMatches.body')}</p>
            </div>
          ) : (
            <VirtualNoteList notes={shown} label={t('notes.list.label')} />
          )}
        </>
      )}
    </Page>
  );
}
