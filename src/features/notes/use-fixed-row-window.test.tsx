import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';

import { rowWindow, useFixedRowWindow } from './use-fixed-row-window.ts';

describe('rowWindow', () => {
  it('shows the rows under the viewport plus the overscan each side', () => {
    // Rows of 100 px from the top of the page, scrolled to row 50, a 350 px viewport: rows 50–53 show.
    expect(rowWindow(10_000, 100, 0, 5_000, 350, 2)).toEqual({ start: 48, end: 56 });
  });

  it('counts from where the list starts in the page', () => {
    expect(rowWindow(10_000, 100, 400, 0, 800, 0)).toEqual({ start: 0, end: 4 });
    expect(rowWindow(10_000, 100, 400, 1_400, 800, 0)).toEqual({ start: 10, end: 18 });
  });

  it('stays within the list at both ends and when scrolled past it', () => {
    expect(rowWindow(20, 100, 0, 0, 800, 6)).toEqual({ start: 0, end: 14 });
    expect(rowWindow(20, 100, 0, 1_900, 800, 6)).toEqual({ start: 13, end: 20 });
    expect(rowWindow(20, 100, 0, 50_000, 800, 6)).toEqual({ start: 20, end: 20 });
    expect(rowWindow(0, 100, 0, 0, 800, 6)).toEqual({ start: 0, end: 0 });
  });
});

function Rows({ count, onRender }: { count: number; onRender?: (rows: string) => void }) {
  const ref = useRef<HTMLUListElement>(null);
  const rows = useFixedRowWindow(ref, count, 10, 0);
  const text = `${rows.start}–${rows.end} at ${rows.rowPx}px${rows.measured ? '' : ' (not measured)'}`;
  onRender?.(text);
  return (
    <ul ref={ref} aria-label="rows">
      <li>{text}</li>
    </ul>
  );
}

describe('useFixedRowWindow', () => {
  const scrollTo = (y: number) => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  };
  afterEach(() => scrollTo(0));

  it('has rows for the first paint and follows the page as it scrolls', () => {
    window.innerHeight = 800;
    render(<Rows count={1_000} />);
    // 10 rem rows at the default 16 px text size: 160 px each, five rows fill 800 px.
    expect(screen.getByRole('listitem').textContent).toBe('0–5 at 160px');
    act(() => scrollTo(1_600));
    expect(screen.getByRole('listitem').textContent).toBe('10–15 at 160px');
  });

  it('renders the rows of an unscrolled page before it has measured where the list is', () => {
    window.innerHeight = 800;
    const renders: string[] = [];
    render(<Rows count={1_000} onRender={(rows) => renders.push(rows)} />);
    // The first render has the rows the first paint shows; measuring (here the list is at the page's
    // top) confirms them.
    expect(renders[0]).toBe('0–5 at 160px (not measured)');
    expect(renders.at(-1)).toBe('0–5 at 160px');
  });
});
