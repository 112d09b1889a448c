import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { UserDataContext } from '../../lib/user-data/user-data-context.ts';
import { openTestNotesData, TEST_USER } from '../../testing/notes-test-harness.tsx';
import { journalEnvelopeQuery } from './journal-envelope-query.ts';
import type { JournalEnvelopeRow } from './journal-envelope-source.ts';
import { useResyncWhenJournalClear } from './use-resync-when-journal-clear.ts';

function Probe({ locked, resync }: { locked: boolean; resync: () => Promise<void> }) {
  useResyncWhenJournalClear(locked, resync);
  return null;
}

describe('a locked device asks again whether its journal is encrypted (ADR 0152)', () => {
  let data: Awaited<ReturnType<typeof openTestNotesData>>;
  let queries: QueryClient;
  beforeEach(async () => {
    data = await openTestNotesData();
    // The answers are the cache's: this test has no server, and a refetch that fails keeps them.
    queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    queries.clear();
    data.db.close();
  });

  function renderProbe(locked: boolean, resync: () => Promise<void>) {
    return render(
      <QueryClientProvider client={queries}>
        <UserDataContext.Provider value={data}>
          <Probe locked={locked} resync={resync} />
        </UserDataContext.Provider>
      </QueryClientProvider>,
    );
  }

  it('syncs again once per answer that the journal has no envelope, and only while locked', async () => {
    const { queryKey } = journalEnvelopeQuery(TEST_USER);
    queries.setQueryData(queryKey, null);
    const resync = vi.fn(() => Promise.resolve());

    const view = renderProbe(true, resync);
    await waitFor(() => expect(resync).toHaveBeenCalledTimes(1));
    // The same answer, rendered again (a sync that stopped as locked again), asks nothing more.
    view.rerender(
      <QueryClientProvider client={queries}>
        <UserDataContext.Provider value={data}>
          <Probe locked resync={resync} />
        </UserDataContext.Provider>
      </QueryClientProvider>,
    );
    expect(resync).toHaveBeenCalledTimes(1);
    // A new answer, still without an envelope (the check every minute): one more sync.
    queries.setQueryData(queryKey, null, { updatedAt: Date.now() + 1 });
    await waitFor(() => expect(resync).toHaveBeenCalledTimes(2));
    view.unmount();
  });

  it('does not sync while the journal is still encrypted, nor when not locked', async () => {
    const { queryKey } = journalEnvelopeQuery(TEST_USER);
    const encrypted = { envelope: {}, version: 1 } as unknown as JournalEnvelopeRow;
    queries.setQueryData(queryKey, encrypted);
    const resync = vi.fn(() => Promise.resolve());
    renderProbe(true, resync).unmount();
    queries.setQueryData(queryKey, null);
    renderProbe(false, resync).unmount();
    expect(resync).not.toHaveBeenCalled();
  });
  it('[R47] drops the rows it kept sealed before syncing again: they will never open here, and the clear resend brings them', async () => {
    const { queryKey } = journalEnvelopeQuery(TEST_USER);
    queries.setQueryData(queryKey, null);
    await data.db.sealed_rows.put({ table: 'notes', id: 'n1', version: 4, data: { id: 'n1' }, hlc: {} });
    const keptWhenSynced: number[] = [];
    const resync = vi.fn(async () => {
      keptWhenSynced.push(await data.db.sealed_rows.count());
    });
    const view = renderProbe(true, resync);
    await waitFor(() => expect(keptWhenSynced).toEqual([0]));
    view.unmount();
  });
});
