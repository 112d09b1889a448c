import { QueryClientProvider } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useState, type ReactNode } from 'react';

import { useAuth } from '../../features/auth/index.ts';
import { queryClient } from '../../lib/server-state/query-client.ts';
import { serverStatePersistence } from '../../lib/server-state/server-state-persistence.ts';

/**
 * The query client for every screen. A signed-in user's server state is restored from their own kept
 * copy before their queries run, and kept again as it changes (ADR 0138); a visitor has none to keep.
 * The provider is mounted afresh for each account (its key), because it restores only when it mounts.
 */
export function ServerStateProvider({ children }: { children: ReactNode }) {
  const userId = useAuth().user?.id ?? null;
  if (userId === null) return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return (
    <UserServerState key={userId} userId={userId}>
      {children}
    </UserServerState>
  );
}

function UserServerState({ userId, children }: { userId: string; children: ReactNode }) {
  const [persistence] = useState(() => serverStatePersistence(userId, queryClient));
  return (
    <PersistQueryClientProvider client={queryClient} {...persistence}>
      {children}
    </PersistQueryClientProvider>
  );
}
