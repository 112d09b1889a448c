import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Stored } from '../../db/entities/common.ts';
import type { Note } from '../../db/entities/note.ts';
import { NoteCard, type NoteCardLabels } from './note-card.tsx';
import styles from './notes.module.css';
import type { RowWindow } from './use-listed-notes.ts';
import { usePageOffset } from './use-page-offset.ts';

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
 * The usual card with its gap, in rem so it grows with the reader's text size: a line of title, two of
 * preview and a line of tags (notes.module.css, .card, .row, .placeholderCard). Rows not yet rendered
 * are placed at this height; each rendered row is measured and takes its own.
 */
const ESTIMATED_ROW_REM = 9.5;
const OVERSCAN = 6;

/** The root font size in px (the reader's text size), which turns a height in rem into pixels. */
function rootFontPx(): number {
  const size = Number.parseFloat(getComputedStyle(document.documentElement).fontSize);
  return Number.isFinite(size) && size > 0 ? size : 16;
}

/**
 * The notes as a window-scrolled virtual list (@tanstack/react-virtual, docs/adr/0136): only the cards
 * near the viewport are in the DOM, so ten thousand notes mount and scroll like ten, and each card is
 * as tall as its content. The list keeps list semantics, and each item says where it is in the whole
 * list (aria-setsize / aria-posinset), since most are not rendered. Rows are keyed by note id, so a
 * focused card keeps its element (and focus) when notes above it come or go. The rows come by index
 * (`noteAt`), so the caller may hold only those near the viewport (ADR 0097): it hears which rows are
 * wanted through `onRowsWanted`, and a row it does not have yet is a placeholder of the usual height.
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
  const listTop = usePageOffset(listRef);
  const [estimatedRowPx] = useState(() => ESTIMATED_ROW_REM * rootFontPx());
  // The first cards are painted before the rows off screen are made: React would otherwise build them
  // in the frame that shows the list.
  const [painted, setPainted] = useState(false);
  // A row not read yet is keyed by its place, a number: the virtualiser asks every row's key each time
  // it lays the list out, and a string made for each of ten thousand rows was most of that work.
  const getItemKey = useCallback((index: number) => noteAt(index)?.id ?? index, [noteAt]);
  const virtualizer = useWindowVirtualizer<HTMLLIElement>({
    count,
    estimateSize: () => estimatedRowPx,
    getItemKey,
    overscan: painted ? OVERSCAN : 0,
    scrollMargin: listTop ?? 0,
    // The window's size is known before the list mounts: the first render already has its cards.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    // Scrolling within the same rows moves them in the DOM without rendering the list again.
    directDomUpdates: true,
  });
  const listElement = useCallback(
    (node: HTMLUListElement | null) => {
      listRef.current = node;
      virtualizer.containerRef(node);
    },
    [virtualizer],
  );
  const items = virtualizer.getVirtualItems();
  const start = items[0]?.index ?? 0;
  const end = (items.at(-1)?.index ?? -1) + 1;
  const measured = listTop !== null;
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
  return (
    <ul ref={listElement} className={styles.list} aria-label={label} aria-busy={busy || undefined}>
      {items.map(({ index, key }) => {
        const note = noteAt(index);
        return (
          <li
            key={key}
            ref={virtualizer.measureElement}
            data-index={index}
            className={styles.row}
            aria-setsize={count}
            aria-posinset={index + 1}
            aria-busy={note ? undefined : true}
          >
            {note ? (
              <NoteCard note={note} labels={labels} />
            ) : (
              <div className={`${styles.card} ${styles.placeholderCard}`}>
                <span className={styles.visuallyHidden}>{t('common.loading')}</span>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
});
