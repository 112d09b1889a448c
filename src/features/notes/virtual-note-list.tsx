import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Stored } from '../../db/entities/common.ts';
import type { Note } from '../../db/entities/note.ts';
import { NoteCard, type NoteCardLabels } from './note-card.tsx';
import styles from './notes.module.css';
import { useFixedRowWindow, type RowWindow } from './use-fixed-row-window.ts';

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
 * The rows come by index (`noteAt`), so the caller may hold only those near the viewport (ADR 0097): it
 * hears which rows are wanted through `onRowsWanted`, and a row it does not have yet is a placeholder of
 * the same height.
 */
export const VirtualNoteList = memo(function VirtualNoteList({
  count,
  noteAt,
  onRowsWanted,
  label,
  busy = false,
}: {
  count: number;
  noteAt: (index: number) => Stored<Note> | undefined;
  onRowsWanted?: (rows: RowWindow) => void;
  label: string;
  /** A newer list is being worked out (a search typed further): said to assistive technology. */
  busy?: boolean;
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
  // The first cards are painted before the rows off screen are made: they would only be laid out later
  // (content-visibility), but React would still build them in the frame that shows the list.
  const [painted, setPainted] = useState(false);
  const rows = useFixedRowWindow(listRef, count, ROW_REM, painted ? OVERSCAN : 0);
  const { start, end, measured } = rows;
  useEffect(() => {
    if (measured) onRowsWanted?.({ start, end });
  }, [measured, start, end, onRowsWanted]);
  const shown = end > start && noteAt(start) !== undefined;
  useEffect(() => {
    if (!shown) return undefined;
    markListShown();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [shown]);
  const items: { index: number; note: Stored<Note> | undefined }[] = [];
  for (let index = start; index < end; index += 1) items.push({ index, note: noteAt(index) });
  return (
    <ul
      ref={listRef}
      className={styles.list}
      aria-label={label}
      aria-busy={busy || undefined}
      style={{ height: `${count * ROW_REM}rem` }}
    >
      {items.map(({ index, note }) => (
        <li
          key={note?.id ?? `row-${index}`}
          className={styles.row}
          aria-setsize={count}
          aria-posinset={index + 1}
          aria-busy={note ? undefined : true}
          style={{ height: `${ROW_REM}rem`, transform: `translateY(${index * ROW_REM}rem)` }}
        >
          {note ? (
            <NoteCard note={note} labels={labels} />
          ) : (
            <div className={`${styles.card} ${styles.placeholderCard}`}>
              <span className={styles.visuallyHidden}>{t('common.loading')}</span>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
});
