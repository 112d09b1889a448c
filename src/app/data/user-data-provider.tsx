import { useEffect, useState, type ReactNode } from 'react';

import { useAuth } from '../../features/auth/use-auth.ts';
import { SettingsProvider } from '../../features/settings/settings-provider.tsx';
import { UserDataContext, type UserData } from '../../lib/user-data/user-data-context.ts';

/**
 * Opens the signed-in user's database when a user signs in and closes it when they sign out or
 * another account signs in, so one account's screens never read another's rows (R30).
 */
export function UserDataProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const [data, setData] = useState<UserData | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    if (userId === null) return;
    let cancelled = false;
    let opened: UserData | null = null;
    import('./open-user-data.ts')
      .then(({ openUserData }) => openUserData(userId))
      .then(
        (loaded) => {
          if (cancelled) {
            loaded.db.close();
            return;
          }
          opened = loaded;
          setData(loaded);
        },
        (error: unknown) => {
          if (!cancelled) setFailure(error);
        },
      );
    return () => {
      cancelled = true;
      opened?.db.close();
      setData(null);
    };
  }, [userId]);

  // Without its database the app cannot show the user's journal; the error boundary says so.
  if (failure !== null) throw failure;
  const current = data?.userId === userId ? data : null;
  return (
    <UserDataContext.Provider value={current}>
      <SettingsProvider userData={current}>{children}</SettingsProvider>
    </UserDataContext.Provider>
  );
}
