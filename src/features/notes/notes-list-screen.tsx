import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';

import { NOTE_TAGS_INDEX } from '../../db/note-list-index.ts';
import { useCatchingUp } from '../../lib/live-query/use-catching-up.ts';
import { usePacedLiveQuery } from '../../lib/live-query/use-paced-live-query.ts';
import { whenIdle } from '../../lib/when-idle.ts';
import { Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { NoteLockSettings } from './note-lock-settings.tsx';
import type { NotesData } from './notes-data.ts';
import { useListedNotes } from './use-listed-notes.ts';
import { useSearchParamText } from './use-search-param-text.ts';
import { useNoteFilter, type NoteFilterState } from './use-note-filter.ts';
import { VirtualNoteList } from './virtual-note-list.tsx';
import styles from './notes.module.css';

export interface NotesNavigationState {
  /** Set by the editor after a delete: focus returns to the list's search box. */
  focusList?: boolean;
}

/**
 * The moment this page load first has the notes read from the database; from here to the list's own
 * mark ('murmur:notes-list') is the list's mount, which the notes-list benchmark reports.
 */
function markNotesRead(): void {
  const mark = 'murmur:notes-read';
  if (performance.getEntriesByName(mark, 'mark').length === 0) performance.mark(mark);
}

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
  const listed = useListedNotes(data.db, undefined, markNotesRead);
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
 * The list filtered by search words and tag: the matching ids come from the notes filter worker, in list
 * order (docs/adr/0098; a locked note's body never matches), and the rows near the viewport are read by
 * id. While a newer search is worked out, and its rows read, the last list stays, marked busy.
 */
function FilteredNotesView({ data, filter }: { data: NotesData; filter: NoteFilterState }) {
  const { t } = useTranslation();
  const listed = useListedNotes(data.db, filter.result?.ids, markNotesRead);
  if (filter.failed)
    return (
      <p className={styles.count} role="alert">
        {t('notes.search.failed')}
      </p>
    );
  if (!filter.result || !listed) return <Spinner label={t('common.loading')} />;
  const busy = filter.busy || listed.readFor !== filter.result.ids;
  return (
    <>
      <p className={styles.count} role="status">
        {t('notes.list.matches', { count: listed.total })}
      </p>
      {filter.result.total === 0 ? (
        <EmptyNotes />
      ) : listed.total === 0 ? (
        <div className={styles.empty} aria-busy={busy || undefined}>
          <h2>{t('notes.noMatches.title')}</h2>
          <p>{t('notes.noMatches.body')}</p>
        </div>
      ) : (
        <VirtualNoteList
          count={listed.total}
          noteAt={listed.noteAt}
          onRowsWanted={listed.onRowsWanted}
          label={t('notes.list.label')}
          busy={busy}
        />
      )}
    </>
  );
}

/** /notes: pinned then recent, filtered by search and tag (both kept in the address), virtualised. */
export function NotesListScreen({ data }: { data: NotesData }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const [query, setQuery, setParam] = useSearchParamText('q');
  const [params] = useSearchParams();
  const tag = params.get('tag') ?? '';
  const searchRef = useRef<HTMLInputElement>(null);
  const filtered = query !== '' || tag !== '';
  const navigate = useNavigate();
  const [filterWanted, setFilterWanted] = useState(filtered);
  const filter = useNoteFilter(data.db, filterWanted || filtered, query, tag);
  // Every tag of a live note, once each, from the tags index (ADR 0097), sorted for the reader.
  const storedTags = usePacedLiveQuery(
    data.db,
    ['notes'],
    async (db) => (await db.notes.orderBy(NOTE_TAGS_INDEX).uniqueKeys()).map(String),
    [],
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
  // The filter worker reads every note; it starts once the list is up and the page is idle, so that
  // read never competes with the first paint, yet is done before most people type (docs/adr/0098).
  // During a first sync it waits for the rows to settle (focusing the search starts it at once): it
  // would read them as thousands arrive, on the cores the sync needs.
  const catchingUp = useCatchingUp(data.db);
  useEffect(() => {
    if (!ready || catchingUp) return;
    return whenIdle(() => setFilterWanted(true));
  }, [ready, catchingUp]);

  // A draft, written only once it holds words (new-note-editor.tsx); it carries the filtered tag, and
  // the search too, so the list beside it keeps both.
  const newNoteParams = new URLSearchParams();
  if (query !== '') newNoteParams.set('q', query);
  if (tag !== '') newNoteParams.set('tag', tag);
  const newNoteSearch = newNoteParams.toString();
  const newNotePath = newNoteSearch === '' ? '/notes/new' : `/notes/new?${newNoteSearch}`;

  return (
    <Page title={t('screens.notes.title')} description={t('screens.notes.description')}>
      <div className={styles.toolbar}>
        <button type="button" className="button button-primary" onClick={() => void navigate(newNotePath)}>
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
            onChange={(event) => setQuery(event.target.value)}
            onFocus={() => setFilterWanted(true)}
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
      {filtered ? <FilteredNotesView data={data} filter={filter} /> : <ListedNotesView data={data} />}
    </Page>
  );
}
