import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { AUDIO_RESEALING_KEY, audioResealing } from '../../db/audio-resealing.ts';
import { UserDataContext } from '../../lib/user-data/user-data-context.ts';
import { openTestNotesData, renderAt } from '../../testing/notes-test-harness.tsx';
import { EncryptionProgress } from './encryption-progress.tsx';

describe('encryption progress', () => {
  let data: Awaited<ReturnType<typeof openTestNotesData>>;
  beforeEach(async () => {
    data = await openTestNotesData();
  });
  afterEach(() => data.db.close());

  /** What the audio step writes as it goes (src/sync/audio-resealer.ts), wherever it runs. */
  async function stepAt(done: number, total: number): Promise<void> {
    const step = await audioResealing(data.db);
    if (!step) throw new Error('no audio step');
    await data.db.sync_meta.put({ key: AUDIO_RESEALING_KEY, value: { ...step, done, total } });
  }

  it('shows the recordings sealed so far as a line of its status, and nothing once they are done', async () => {
    await data.commands.startResealingAudio();
    await renderAt('/', [
      {
        path: '/',
        element: (
          <QueryClientProvider client={new QueryClient()}>
            <UserDataContext.Provider value={data}>
              <EncryptionProgress />
            </UserDataContext.Provider>
          </QueryClientProvider>
        ),
      },
    ]);
    // Not counted yet: nothing to say.
    expect((await screen.findByRole('status')).textContent).toBe('');

    await stepAt(3, 12);
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Encrypting your recordings: 3 of 12'),
    );

    await data.db.sync_meta.delete(AUDIO_RESEALING_KEY);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(''));
  });
});
