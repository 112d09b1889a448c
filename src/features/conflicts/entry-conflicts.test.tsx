import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Conflict } from '../../db/entities/conflict.ts';
import { lostVersion } from '../../testing/conflicts/lost-version.ts';
import { openTestNotesData, renderAt } from '../../testing/notes-test-harness.tsx';
import { EntryConflicts } from './entry-conflicts.tsx';

describe('a version sync did not keep, on its entry', () => {
  let data: Awaited<ReturnType<typeof openTestNotesData>>;
  let noteId: string;

  const keep = (conflict: Pick<Conflict, 'id' | 'field' | 'losing_value'>) =>
    data.db.conflicts.put(
      lostVersion({ ...conflict, table_name: 'notes', row_id: noteId }, data.clock.now()),
    );

  const open = () =>
    renderAt('/notes/n', [
      {
        path: '/notes/n',
        element: (
          <EntryConflicts
            db={data.db}
            commands={data.commands}
            table="notes"
            rowId={noteId}
            fieldName={(field) => field}
          />
        ),
      },
    ]);

  beforeEach(async () => {
    data = await openTestNotesData();
    noteId = await data.commands.createNote({ title: 'Groceries', body: 'oat milk' });
  });
  afterEach(() => data.db.close());

  it('says on the version when a restore is refused, and keeps both the version and the entry', async () => {
    // A title from another app version that this one does not accept (over 500 characters).
    const tooLong = 'x'.repeat(501);
    await keep({ id: 'c1', field: 'title', losing_value: tooLong });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await open();
    await screen.findByRole('heading', { name: 'Another version' });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('');

    await userEvent.click(screen.getByRole('button', { name: 'Restore this version' }));

    await waitFor(() =>
      expect(alert.textContent).toBe(
        'This version could not be restored. Your entry is unchanged, and the version is still here.',
      ),
    );
    expect(logged).toHaveBeenCalledWith('Murmur could not restore a kept version', expect.anything());
    logged.mockRestore();
    expect((await data.db.notes.get(noteId))?.title).toBe('Groceries');
    expect((await data.db.conflicts.get('c1'))?.resolved_at).toBeNull();
    expect(screen.getByRole('heading', { name: 'Another version' })).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Restore this version' }).disabled).toBe(
      false,
    );
  });

  it('dismissing a version resolves it and takes it off the entry, which keeps its value', async () => {
    await keep({ id: 'c1', field: 'body', losing_value: 'soy milk' });
    await keep({ id: 'c2', field: 'title', losing_value: 'Shopping' });
    await open();
    expect(await screen.findByRole('heading', { name: '2 other versions' })).toBeTruthy();

    const [dismissFirst] = screen.getAllByRole('button', { name: 'Dismiss' });
    if (!dismissFirst) throw new Error('no Dismiss button');
    await userEvent.click(dismissFirst);

    await waitFor(() => expect(screen.getByRole('heading', { name: 'Another version' })).toBeTruthy());
    expect((await data.db.conflicts.get('c1'))?.resolved_at).not.toBeNull();
    expect((await data.db.notes.get(noteId))?.body).toBe('oat milk');
    expect(screen.getByText('Shopping')).toBeTruthy();
    expect(screen.queryByText('soy milk')).toBeNull();
  });
});
