import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { formatDay } from '../../lib/dates/day.ts';
import type { JournalHit } from './journal-index.ts';
import styles from './journal-search.module.css';
import { useJournalSearch } from './use-journal-search.ts';

function hitLink(hit: JournalHit): string {
  if (hit.kind === 'note') return `/notes/${hit.entryId}`;
  if (hit.kind === 'diary') return `/diary/${hit.entryId}`;
  return `/mood?day=${hit.day}`;
}

/**
 * One search over notes, diary entries and mood notes (transcripts included: they are the entries'
 * text), indexed off the main thread. Locked notes are found by title and tags only.
 */
export function JournalSearch() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState('');
  const { hits, searching, indexed } = useJournalSearch(query);
  const active = query.trim() !== '';

  let status = '';
  if (active && indexed === undefined) status = t('search.indexing');
  else if (active && !searching) status = t('search.count', { count: hits.length });

  return (
    <section aria-labelledby={`${id}-title`} className="card">
      <h2 id={`${id}-title`}>{t('search.title')}</h2>
      <div role="search">
        <input
          id={`${id}-query`}
          aria-labelledby={`${id}-title`}
          type="search"
          className={styles.input}
          value={query}
          placeholder={t('search.placeholder')}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <p role="status" className={styles.status}>
        {status}
      </p>
      {active && hits.length > 0 ? (
        <ul className={styles.hits}>
          {hits.map((hit) => (
            <li key={`${hit.kind}:${hit.entryId}`}>
              <Link to={hitLink(hit)} className={styles.hit}>
                <span className={styles.kind}>
                  {t(`search.kinds.${hit.kind}`)} · {formatDay(hit.day, i18n.language, 'medium')}
                </span>
                <span className={styles.hitTitle}>{hit.title || t('search.untitled')}</span>
                <span className={styles.snippet}>
                  {hit.segments.map((segment, index) =>
                    segment.match ? (
                      <mark key={index}>{segment.text}</mark>
                    ) : (
                      <span key={index}>{segment.text}</span>
                    ),
                  )}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
