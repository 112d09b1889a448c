import { useEffect, useRef, useState, type ReactNode } from 'react';

import { useAuth } from '../../features/auth/index.ts';
import { SettingsProvider } from '../../features/settings/index.ts';
import { SubscriptionProvider } from '../../features/subscription/index.ts';
import { RecorderProvider } from '../../features/voice/index.ts';
import { UserDataContext, type UserData } from '../../lib/user-data/user-data-context.ts';
import { appUserDataBackend } from './app-user-data-backend.ts';
import { SessionAuthPort, toSyncSession } from './session-auth-port.ts';
import { SyncContext, type SyncHandle } from './sync-context.ts';
import type { UserConnection, UserDataBackend } from './user-data-backend.ts';

interface Opened {
  userId: string;
  data: UserData;
  /**
   * Asks the engine to sync, once there is one (before that the local row is all there is). One function
   * for the connection's life: the settings store is built once per user, not again when sync arrives.
   */
  refresh: () => Promise<void>;
  /** null until the engine runs, in builds that cannot sync and when sync failed to start. */
  sync: SyncHandle | null;
}

/**
 * Opens the signed-in user's database when a user signs in and hands it to the screens at once; their
 * sync engine starts after it and is published when it runs (ADR 0100), so no screen waits for
 * supabase-js to show local data. Stops the engine and closes the database when they sign out or another
 * account signs in, so one account's screens never read another's rows and one account's outbox is never
 * pushed under another's session (R30), even when the engine was still starting. The engine sees the
 * session through a SessionAuthPort that follows the auth provider: a refreshed token resumes a sync
 * stopped by a 401 (R32).
 */
export function UserDataProvider({
  children,
  backend = appUserDataBackend,
}: {
  children: ReactNode;
  /** Tests pass one over fake-indexeddb and the in-memory sync server. */
  backend?: UserDataBackend;
}) {
  const { user, session } = useAuth();
  const userId = user?.id ?? null;
  const [opened, setOpened] = useState<Opened | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const port = useRef<SessionAuthPort | null>(null);
  const latestSession = useRef(session);

  // Declared before the connection effect: on a switch of accounts the old engine is stopped (cleanup
  // below) before the port hears the new session, and a new port starts from the newest session.
  useEffect(() => {
    latestSession.current = session;
    port.current?.set(toSyncSession(session));
  }, [session]);

  useEffect(() => {
    if (userId === null) return;
    let cancelled = false;
    let connection: UserConnection | null = null;
    const auth = new SessionAuthPort(() => backend.refreshSession(), toSyncSession(latestSession.current));
    port.current = auth;
    backend.connect(userId, auth).then(
      (loaded) => {
        if (cancelled) {
          loaded.close();
          return;
        }
        connection = loaded;
        const { data } = loaded;
        let engine: SyncHandle | null = null;
        const refresh = () => engine?.syncNow() ?? Promise.resolve();
        setOpened({ userId, data, refresh, sync: null });
        // A late engine after cleanup is the connection's to stop (close() below); only publish a live one.
        void loaded.sync.then((sync) => {
          if (cancelled || !sync) return;
          engine = sync.engine;
          setOpened({ userId, data, refresh, sync: engine });
        });
      },
      (error: unknown) => {
        if (!cancelled) setFailure(error);
      },
    );
    return () => {
      cancelled = true;
      if (port.current === auth) port.current = null;
      connection?.close();
      setOpened(null);
    };
  }, [userId, backend]);

  // Without its database the app cannot show the user's journal; the error boundary says so.
  if (failure !== null) throw failure;
  const current = opened?.userId === userId ? opened : null;
  return (
    <UserDataContext.Provider value={current?.data ?? null}>
      <SyncContext.Provider value={current?.sync ?? null}>
        <SettingsProvider userData={current?.data ?? null} refresh={current?.refresh}>
          <SubscriptionProvider
            userData={current?.data ?? null}
            email={user?.email ?? null}
            source={backend.subscriptions}
          >
            <RecorderProvider>{children}</RecorderProvider>
          </SubscriptionProvider>
        </SettingsProvider>
      </SyncContext.Provider>
    </UserDataContext.Provider>
  );
}
