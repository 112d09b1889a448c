import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';

import type { Stored } from '../../db/entities/common.ts';
import type { Note } from '../../db/entities/note.ts';
import { NOTE_TAGS_INDEX } from '../../db/note-list-index.ts';
import { readInChunks } from '../../db/read-in-chunks.ts';
import type { MurmurDatabase } from '../../db/schema.ts';
import { Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { NoteLockSettings } from './note-lock-settings.tsx';
import { noteMatches } from './note-search.ts';
import { orderNotes } from './note-order.ts';
import type { NotesData } from './notes-data.ts';
import { useListedNotes } from './use-listed-notes.ts';
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

/** Notes turned into objects per IndexedDB request: a few ms each at 1× CPU. */
const NOTES_PER_READ = 2_000;

function EmptyNotes() {
  const { t } = useTranslation();
  return (
    <div className={styles.empty}>
      <h2>{t('notes.empty.title')}</h2>
      <p>{t('notes.empty.body')}</p>
    </div>
  );
}

/**
 * The list with no search or tag: the count and the rows near the viewport, read in list order from the
 * notes' list index (docs/adr/0097), so it mounts, and follows a sync's writes, like a list of fifty.
 */
function ListedNotesView({ data }: { data: NotesData }) {
  const { t } = useTranslation();
  const listed = useListedNotes(data.db, markNotesRead);
  if (!listed) return <Spinner label={t('common.loading')} />;
  return (
    <>
      <p className={styles.count} role="status">
        {t('notes.list.count', { count: listed.total })}
      </p>
      {listed.total === 0 ? (
        <EmptyNotes />
      ) : (
        <VirtualNoteList
          count={listed.total}
          noteAt={listed.noteAt}
          onRowsWanted={listed.onRowsWanted}
          label={t('notes.list.label')}
        />
      )}
    </>
  );
}

/**
 * Every live note, read in chunks while `wanted` (a search or tag is set, or the search box has focus,
 * so the read is under way before the first key), else nothing: the unfiltered list never needs them.
 */
function useAllLiveNotes(db: MurmurDatabase, wanted: boolean): readonly Stored<Note>[] | undefined {
  return useLiveQuery(
    // getAll in chunks and a filter in JS: a Dexie filter() walks a cursor row by row, several times
    // slower, and one getAll of every note makes them all objects in one long main-thread task.
    async () => {
      if (!wanted) return undefined;
      const live = (await readInChunks(db.notes, NOTES_PER_READ)).filter((note) => note.deleted_at === null);
      markNotesRead();
      return live;
    },
    [db, wanted],
  );
}

/**
 * The list filtered by search words and tag: the notes matched in memory (a locked note's body never
 * matches, noteMatches) and put in list order.
 */
function FilteredNotesView({
  notes,
  query,
  tag,
}: {
  notes: readonly Stored<Note>[] | undefined;
  query: string;
  tag: string;
}) {
  const { t } = useTranslation();
  const shown = useMemo(
    () =>
      orderNotes(
        (notes ?? []).filter((note) => (tag === '' || note.tags.includes(tag)) && noteMatches(note, query)),
      ),
    [notes, query, tag],
  );
  const noteAt = useCallback((index: number) => shown[index], [shown]);
  if (!notes) return <Spinner label={t('common.loading')} />;
  return (
    <>
      <p className={styles.count} role="status">
        {t('notes.list.matches', { count: shown.length })}
      </p>
      {notes.length === 0 ? (
        <EmptyNotes />
      ) : shown.length === 0 ? (
        <div className={styles.empty}>
          <h2>{t('notes.noMatches.title')}</h2>
          <p>{t('notes.noMatches.body')}</p>
        </div>
      ) : (
        <VirtualNoteList count={shown.length} noteAt={noteAt} label={t('notes.list.label')} />
      )}
    </>
  );
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
  const [searchFocused, setSearchFocused] = useState(false);
  const filtered = query !== '' || tag !== '';
  const allNotes = useAllLiveNotes(data.db, filtered || searchFocused);
  // Every tag of a live note, once each, from the tags index (ADR 0097), sorted for the reader.
  const storedTags = useLiveQuery(
    async () => (await data.db.notes.orderBy(NOTE_TAGS_INDEX).uniqueKeys()).map(String),
    [data.db],
  );
  const language = i18n.language;
  const tags = useMemo(
    () => [...(storedTags ?? [])].sort((a, b) => a.localeCompare(b, language)),
    [storedTags, language],
  );

  const focusList = (location.state as NotesNavigationState | null)?.focusList === true;
  const ready = storedTags !== undefined;
  useEffect(() => {
    if (focusList && ready) searchRef.current?.focus();
  }, [focusList, ready]);

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
            onFocus={() => setSearchFocused(true)}
            onBlur={() => setSearchFocused(false)}
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
      {filtered ? (
        <FilteredNotesView notes={allNotes} query={query} tag={tag} />
      ) : (
        <ListedNotesView data={data} />
      )}
    </Page>
  );
}
