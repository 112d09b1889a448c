import { useCallback, useLayoutEffect, useState, useSyncExternalStore, type RefObject } from 'react';

/** Rows [start, end) of a list to render. */
export interface RowWindow {
  start: number;
  end: number;
}

/**
 * The rows of a window-scrolled list that are on screen, plus `overscan` rows each side: `count` rows of
 * `rowPx` each, the list's top `listTop` px down the page, the page scrolled by `scrollY` and
 * `viewportHeight` tall. Arithmetic, so ten thousand rows cost what ten do.
 */
export function rowWindow(
  count: number,
  rowPx: number,
  listTop: number,
  scrollY: number,
  viewportHeight: number,
  overscan: number,
): RowWindow {
  if (count === 0 || rowPx <= 0) return { start: 0, end: 0 };
  const first = Math.floor((scrollY - listTop) / rowPx);
  const last = Math.ceil((scrollY + viewportHeight - listTop) / rowPx);
  const start = Math.min(count, Math.max(0, first - overscan));
  const end = Math.max(start, Math.min(count, last + overscan));
  return { start, end };
}

/** The browsers' default text size: the row height assumed before the list is measured. */
const DEFAULT_ROOT_FONT_PX = 16;

/** The root font size in px (the reader's text size), which turns a height in rem into pixels. */
function rootFontPx(): number {
  const size = Number.parseFloat(getComputedStyle(document.documentElement).fontSize);
  return Number.isFinite(size) && size > 0 ? size : 16;
}

interface Geometry {
  /** The list's top, in px from the top of the page. */
  top: number;
  rowPx: number;
}

function subscribeToViewport(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  window.addEventListener('resize', onChange);
  return () => {
    window.removeEventListener('scroll', onChange);
    window.removeEventListener('resize', onChange);
  };
}

/**
 * Windowing for a list whose rows are all `rowRem` tall and which scrolls with the page. Until the list's
 * place in the page is measured (a layout effect, before the first paint) it gives the rows that would
 * be on screen were the list at the top of an unscrolled page, at the default text size: on such a page
 * those include every row shown, so the first render already has its cards, and the measurement, made
 * with them laid out, usually leaves the rows as they are rather than rendering and laying the list out
 * a second time before the first paint. `measured` says which it is. The list's top is
 * measured again whenever the page around it changes size (a panel above it opening, a wrapped toolbar)
 * and the row height whenever the window resizes (a text-size change comes with one). Re-renders only
 * when the rows to show change, not on every scroll event.
 */
export function useFixedRowWindow(
  listRef: RefObject<HTMLElement | null>,
  count: number,
  rowRem: number,
  overscan: number,
): RowWindow & { rowPx: number; measured: boolean } {
  const [geometry, setGeometry] = useState<Geometry | null>(null);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return undefined;
    const measure = () => {
      const top = list.getBoundingClientRect().top + window.scrollY;
      const rowPx = rowRem * rootFontPx();
      setGeometry((known) => (known?.top === top && known.rowPx === rowPx ? known : { top, rowPx }));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (list.parentElement) observer?.observe(list.parentElement);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [listRef, rowRem]);
  // The snapshot is the window as a string, so scrolling within the same rows changes nothing.
  const windowKey = useCallback(() => {
    if (!geometry) return '';
    const rows = rowWindow(count, geometry.rowPx, geometry.top, window.scrollY, window.innerHeight, overscan);
    return `${rows.start}:${rows.end}`;
  }, [count, geometry, overscan]);
  const key = useSyncExternalStore(subscribeToViewport, windowKey, () => '');
  if (!geometry || key === '') {
    const rowPx = rowRem * DEFAULT_ROOT_FONT_PX;
    const rows = rowWindow(count, rowPx, 0, 0, window.innerHeight, overscan);
    return { ...rows, rowPx, measured: false };
  }
  const [start = 0, end = 0] = key.split(':').map(Number);
  return { start, end, rowPx: geometry.rowPx, measured: true };
}
