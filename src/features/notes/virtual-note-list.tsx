import { memo, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import type { Stored } from '../../db/entities/common.ts';
import type { Note } from '../../db/entities/note.ts';
import { NoteCard, type NoteCardLabels } from './note-card.tsx';
import styles from './notes.module.css';
import { useFixedRowWindow } from './use-fixed-row-window.ts';

/**
 * The moment the notes list first has cards on screen in this page load; the notes-list benchmark
 * reads it with performance.getEntriesByName('murmur:notes-list').
 */
const LIST_MARK = 'murmur:notes-list';

function markListShown(): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  if (performance.getEntriesByName(LIST_MARK, 'mark').length === 0) performance.mark(LIST_MARK);
}

/**
 * Every card is this tall with its gap, in rem so it grows with the reader's text size. One height for
 * all rows makes the window arithmetic (docs/adr/0096): nothing is measured after the cards render, and
 * no per-row bookkeeping runs over ten thousand notes. The card's CSS clamps its title, preview and tags
 * to fit (notes.module.css, .row and .card).
 */
const ROW_REM = 9.5;
const OVERSCAN = 6;

/**
 * The notes as a window-scrolled virtual list: only the cards near the viewport are in the DOM, so ten
 * thousand notes mount and scroll like ten (docs/adr/0040, 0096). The list keeps list semantics, and each
 * item says where it is in the whole list (aria-setsize / aria-posinset), since most are not rendered.
 */
export const VirtualNoteList = memo(function VirtualNoteList({
  notes,
  label,
}: {
  notes: readonly Stored<Note>[];
  label: string;
}) {
  const { t } = useTranslation();
  const labels = useMemo<NoteCardLabels>(
    () => ({
      untitled: t('notes.untitled'),
      locked: t('notes.locked.label'),
      emptyBody: t('notes.emptyBody'),
      pinned: t('notes.pinned'),
    }),
    [t],
  );
  const listRef = useRef<HTMLUListElement>(null);
  const rows = useFixedRowWindow(listRef, notes.length, ROW_REM, OVERSCAN);
  const shown = rows !== null && rows.end > rows.start;
  useEffect(() => {
    if (shown) markListShown();
  }, [shown]);
  const items: Stored<Note>[] = rows ? notes.slice(rows.start, rows.end) : [];
  return (
    <ul
      ref={listRef}
      className={styles.list}
      aria-label={label}
      style={{ height: `${notes.length * ROW_REM}rem` }}
    >
      {items.map((note, offset) => {
        const index = (rows?.start ?? 0) + offset;
        return (
          <li
            key={note.id}
            className={styles.row}
            aria-setsize={notes.length}
            aria-posinset={index + 1}
            style={{ height: `${ROW_REM}rem`, transform: `translateY(${index * ROW_REM}rem)` }}
          >
            <NoteCard note={note} labels={labels} />
          </li>
        );
      })}
    </ul>
  );
});
