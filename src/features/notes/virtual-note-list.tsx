import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

import type { Stored } from '../../db/entities/common.ts';
import type { Note } from '../../db/entities/note.ts';
import { NoteCard } from './note-card.tsx';
import styles from './notes.module.css';

/**
 * The moment the notes list first has cards on screen in this page load; the notes-list benchmark
 * reads it with performance.getEntriesByName('murmur:notes-list').
 */
const LIST_MARK = 'murmur:notes-list';

function markListShown(): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  if (performance.getEntriesByName(LIST_MARK, 'mark').length === 0) performance.mark(LIST_MARK);
}

/** Estimated card height with its gap; cards are measured once shown. */
const ESTIMATED_ROW_PX = 132;

/**
 * The notes as a window-scrolled virtual list: only the cards near the viewport are in the DOM, so ten
 * thousand notes mount and scroll like ten (docs/adr/0040). The list keeps list semantics, and each
 * item says where it is in the whole list (aria-setsize / aria-posinset), since most are not rendered.
 */
export function VirtualNoteList({ notes, label }: { notes: readonly Stored<Note>[]; label: string }) {
  const listRef = useRef<HTMLUListElement>(null);
  // Null until the list's place in the page is measured: the virtualiser lays out every row (ten
  // thousand) whenever its offset changes, so the rows wait for the real offset, which the layout
  // effect below reads before the first paint.
  const [scrollMargin, setScrollMargin] = useState<number | null>(null);
  // Where the list starts in the page moves when something above it opens or closes (the note-lock
  // panel, a wrapped toolbar): re-measure whenever the page around it changes size.
  useLayoutEffect(() => {
    const list = listRef.current;
    const measure = () => setScrollMargin(list?.offsetTop ?? 0);
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (list?.parentElement) observer?.observe(list.parentElement);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: scrollMargin === null ? 0 : notes.length,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: 6,
    scrollMargin: scrollMargin ?? 0,
    getItemKey: (index) => notes[index]?.id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const shown = items.length > 0;
  useEffect(() => {
    if (shown) markListShown();
  }, [shown]);
  return (
    <ul
      ref={listRef}
      className={styles.list}
      aria-label={label}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {items.map((item) => {
        const note = notes[item.index];
        if (!note) return null;
        return (
          <li
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className={styles.row}
            aria-setsize={notes.length}
            aria-posinset={item.index + 1}
            style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
          >
            <NoteCard note={note} />
          </li>
        );
      })}
    </ul>
  );
}
