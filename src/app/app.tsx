import type { i18n as I18n } from 'i18next';
import { Provider } from 'jotai';
import { ErrorBoundary } from 'react-error-boundary';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';

import { AuthProvider } from '../features/auth/index.ts';
import { ErrorFallback } from '../ui/error-fallback.tsx';
import { appStore } from './app-store.ts';
import { UserDataProvider } from './data/user-data-provider.tsx';
import { AppRoutes } from './routing/app-routes.tsx';
import { ServerStateProvider } from './server-state/server-state-provider.tsx';

// The router is outside the server state, which is mounted afresh for each account: a sign-in or
// sign-out then keeps the one history the screens navigate with.
export function App({ i18n }: { i18n: I18n }) {
  return (
    <Provider store={appStore}>
      <I18nextProvider i18n={i18n}>
        <ErrorBoundary FallbackComponent={ErrorFallback}>
          <BrowserRouter>
            <AuthProvider>
              <ServerStateProvider>
                <UserDataProvider>
                  <AppRoutes />
                </UserDataProvider>
              </ServerStateProvider>
            </AuthProvider>
          </BrowserRouter>
        </ErrorBoundary>
      </I18nextProvider>
    </Provider>
  );
}
