import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { ListDetail } from './list-detail.tsx';
import { Page } from './page.tsx';

/** An entry with words of its own, as an editor holds a draft. */
function Entry({ title }: { title: string }) {
  const [words, setWords] = useState('');
  return (
    <Page title={title}>
      <label>
        Words
        <input value={words} onChange={(event) => setWords(event.target.value)} />
      </label>
    </Page>
  );
}

function show(entry: string | null, openKey = 'a') {
  return (
    <ListDetail
      list={<Page title="Notes" />}
      detail={entry === null ? null : <Entry title={entry} />}
      openKey={openKey}
      empty={<p>No note open</p>}
      loadingLabel="Loading..."
    />
  );
}

describe('ListDetail', () => {
  it('with nothing open, the list has the page’s heading and the empty state waits beside it', () => {
    render(show(null));
    expect(screen.getByRole('heading', { level: 1, name: 'Notes' })).toBeTruthy();
    expect(screen.getByText('No note open')).toBeTruthy();
    expect(document.title).toBe('Notes · Murmur');
  });

  it('gives an open entry the page’s one h1 and title, and the list its pane’s h2', () => {
    const { rerender } = render(show(null));
    rerender(show('Groceries'));
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual([
      'Groceries',
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Notes' })).toBeTruthy();
    expect(document.title).toBe('Groceries · Murmur');
    expect(screen.queryByText('No note open')).toBeNull();

    rerender(show(null));
    expect(screen.getByRole('heading', { level: 1, name: 'Notes' })).toBeTruthy();
    expect(document.title).toBe('Notes · Murmur');
  });

  it('keeps the open entry while its key stays, and mounts it afresh for another', async () => {
    const { rerender } = render(show('Groceries', 'a'));
    await userEvent.type(screen.getByLabelText('Words'), 'tomatoes');
    rerender(show('Groceries', 'a'));
    expect(screen.getByLabelText<HTMLInputElement>('Words').value).toBe('tomatoes');
    rerender(show('Groceries', 'b'));
    expect(screen.getByLabelText<HTMLInputElement>('Words').value).toBe('');
  });
});
