import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * How far down the page the element starts, in px; null until measured (a layout effect, before the
 * first paint). Measured again when the page around it changes size (a panel above it opening, a wrapped
 * toolbar) and when the window resizes (a text-size change comes with one).
 */
export function usePageOffset(ref: RefObject<HTMLElement | null>): number | null {
  const [offset, setOffset] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => setOffset(element.getBoundingClientRect().top + window.scrollY);
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (element.parentElement) observer?.observe(element.parentElement);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [ref]);
  return offset;
}
