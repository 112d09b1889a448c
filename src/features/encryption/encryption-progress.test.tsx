import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';

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

  function renderProgress(onQueued?: () => void) {
    return renderAt('/', [
      {
        path: '/',
        element: (
          <QueryClientProvider client={new QueryClient()}>
            <UserDataContext.Provider value={data}>
              <EncryptionProgress onQueued={onQueued} />
            </UserDataContext.Provider>
          </QueryClientProvider>
        ),
      },
    ]);
  }

  it('tells onQueued as each batch of the resend commits, so the engine pushes before all is queued', async () => {
    // More than one batch of the resend (250 rows).
    for (let i = 0; i < 300; i++) await data.commands.createNote({ title: `Note ${i}`, body: 'words' });
    const before = await data.db.outbox.count();
    // The test DOM has no Web Locks: this tab is the only one, and always gets the lock.
    Object.defineProperty(navigator, 'locks', {
      configurable: true,
      value: { request: (name: string, _options: unknown, run: (lock: unknown) => unknown) => run({ name }) },
    });
    onTestFinished(() => {
      Reflect.deleteProperty(navigator, 'locks');
    });
    await data.commands.startResendingWrittenEntries();
    // Each call notes how many changes the resend had queued by then.
    const queuedAtCall: Promise<number>[] = [];
    await renderProgress(() => queuedAtCall.push(data.db.outbox.count()));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Your journal is encrypted. Everything you write leaves this device sealed.',
      ),
    );
    const counts = (await Promise.all(queuedAtCall)).map((count) => count - before);
    // Told at the start, after the first batch (before the second was queued) and after the last.
    expect(counts.some((count) => count > 0 && count < 300)).toBe(true);
    expect(counts.at(-1)).toBe(300);
  });

  /** What the audio step writes as it goes (src/sync/audio-resealer.ts), wherever it runs. */
  async function stepAt(done: number, total: number): Promise<void> {
    const step = await audioResealing(data.db);
    if (!step) throw new Error('no audio step');
    await data.db.sync_meta.put({ key: AUDIO_RESEALING_KEY, value: { ...step, done, total } });
  }

  it('shows the recordings sealed so far as a line of its status, and nothing once they are done', async () => {
    await data.commands.startResealingAudio();
    await renderProgress();
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
