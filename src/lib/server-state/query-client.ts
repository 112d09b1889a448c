import { QueryClient } from '@tanstack/react-query';

/**
 * The one TanStack Query client: server state (the subscription, the trial record, function calls) is
 * read and changed through it, never journal data, which lives in Dexie and is read by live queries.
 * The defaults are product spec §9's default data cache; a query with timings of its own (the
 * subscription's) sets them itself.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 5 * 60_000, retry: 1 },
  },
});
