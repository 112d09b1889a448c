import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { FIRST_PAINT_KEY, type FirstPaintPicture } from './first-paint.ts';
import { useEndFirstPaint } from './use-end-first-paint.ts';
import { useKeepFirstPaint } from './use-keep-first-paint.ts';

function setVisibility(state: 'hidden' | 'visible'): void {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

function stored(): FirstPaintPicture | null {
  const raw = localStorage.getItem(FIRST_PAINT_KEY);
  return raw === null ? null : (JSON.parse(raw) as FirstPaintPicture);
}

function NotesList({ userId, keep, titles }: { userId: string | null; keep: boolean; titles: string[] }) {
  useKeepFirstPaint(userId, keep, titles);
  return (
    <ul>
      {titles.map((title) => (
        <li key={title}>{title}</li>
      ))}
    </ul>
  );
}

/** The app renders into #root, as in index.html; the picture is of #root. */
function renderInRoot(ui: React.ReactElement) {
  const root = document.createElement('div');
  root.id = 'root';
  document.body.append(root);
  return render(ui, { container: root });
}

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  localStorage.clear();
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
});

describe('keeping a picture of the screen for the next start', () => {
  it('takes it when the page is hidden, for this user and address, and forgets it when the page shows again', () => {
    renderInRoot(<NotesList userId="user-1" keep titles={['Lisbon trip']} />);
    expect(stored()).toBeNull();

    setVisibility('hidden');
    expect(stored()).toMatchObject({ v: 3, user: 'user-1', paths: [window.location.pathname] });
    expect(stored()).not.toHaveProperty('day');
    expect(stored()?.html).toContain('Lisbon trip');

    setVisibility('visible');
    expect(stored()).toBeNull();
  });

  it('names the addresses that lead to the screen, and the day it shows as today', () => {
    function Home() {
      useKeepFirstPaint('user-1', true, 'today', { alsoAt: ['/'], day: '2026-11-27' });
      return <p>Today</p>;
    }
    renderInRoot(<Home />);
    window.dispatchEvent(new Event('pagehide'));
    expect(stored()).toMatchObject({ paths: [window.location.pathname, '/'], day: '2026-11-27' });
  });

  it('carries the rows to check at the next start, as they are when it is taken, or is not kept', () => {
    function CheckedList({ rows }: { rows: string[] | null }) {
      const check = () =>
        rows === null ? null : { database: 'murmur-user-1', reads: [{ store: 'notes', hashes: rows }] };
      useKeepFirstPaint('user-1', true, rows, { check });
      return <p>{rows?.join(', ')}</p>;
    }
    const view = renderInRoot(<CheckedList rows={['a1']} />);
    setVisibility('hidden');
    expect(stored()?.check).toEqual({
      database: 'murmur-user-1',
      reads: [{ store: 'notes', hashes: ['a1'] }],
    });
    // Changed while hidden: retaken with the new rows.
    view.rerender(<CheckedList rows={['a1', 'b2']} />);
    expect(stored()?.check?.reads[0]?.hashes).toEqual(['a1', 'b2']);
    // Rows that cannot be named (one still being read): no picture rather than an unchecked one.
    view.rerender(<CheckedList rows={null} />);
    expect(stored()).toBeNull();
  });

  it('takes it when the page is left', () => {
    renderInRoot(<NotesList userId="user-1" keep titles={['Lisbon trip']} />);
    window.dispatchEvent(new Event('pagehide'));
    expect(stored()?.html).toContain('Lisbon trip');
  });

  it('retakes it when what the screen shows changes while hidden (a sync in the background)', () => {
    const view = renderInRoot(<NotesList userId="user-1" keep titles={['Lisbon trip']} />);
    setVisibility('hidden');
    view.rerender(<NotesList userId="user-1" keep titles={['Lisbon trip', 'Groceries']} />);
    expect(stored()?.html).toContain('Groceries');
  });

  it('forgets it when the screen goes, so a picture is never older than the screen it shows', () => {
    const view = renderInRoot(<NotesList userId="user-1" keep titles={['Lisbon trip']} />);
    window.dispatchEvent(new Event('pagehide'));
    view.unmount();
    expect(stored()).toBeNull();
  });

  it('keeps none while `keep` does not hold, or for nobody', () => {
    const view = renderInRoot(<NotesList userId="user-1" keep={false} titles={['Lisbon trip']} />);
    window.dispatchEvent(new Event('pagehide'));
    expect(stored()).toBeNull();
    view.rerender(<NotesList userId={null} keep titles={['Lisbon trip']} />);
    window.dispatchEvent(new Event('pagehide'));
    expect(stored()).toBeNull();
  });

  it('keeps none of a page scrolled down: the next start opens at the top', () => {
    renderInRoot(<NotesList userId="user-1" keep titles={['Lisbon trip']} />);
    window.dispatchEvent(new Event('pagehide'));
    Object.defineProperty(window, 'scrollY', { value: 600, configurable: true });
    window.dispatchEvent(new Event('pagehide'));
    expect(stored()).toBeNull();
  });
});

describe('ending the picture when the app shows the screen', () => {
  function Screen({ shown }: { shown: boolean }) {
    useEndFirstPaint(shown);
    return null;
  }

  it('takes the layer away once the screen is shown, not before', () => {
    const layer = document.createElement('div');
    layer.id = 'first-paint';
    document.body.append(layer);

    const view = render(<Screen shown={false} />);
    expect(document.getElementById('first-paint')).not.toBeNull();
    view.rerender(<Screen shown />);
    expect(document.getElementById('first-paint')).toBeNull();
  });
});
