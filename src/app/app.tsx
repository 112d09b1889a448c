import type { i18n as I18n } from 'i18next';
import { ErrorBoundary } from 'react-error-boundary';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';

import { AuthProvider } from '../features/auth/auth-provider.tsx';
import { ErrorFallback } from '../ui/error-fallback.tsx';
import type { createAppRouter } from './routing/router.tsx';

export function App({ i18n, router }: { i18n: I18n; router: ReturnType<typeof createAppRouter> }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ErrorBoundary FallbackComponent={ErrorFallback}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </ErrorBoundary>
    </I18nextProvider>
  );
}
