import { lazy, Suspense, useContext } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';

import { SessionExpiryWatcher } from '../../features/auth/index.ts';
import { useAuth } from '../../features/auth/index.ts';
import { ErrorFallback } from '../../ui/error-fallback.tsx';
import { GridBackground } from '../../ui/grid-background.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useAfterFirstScreen } from '../../lib/use-after-first-screen.ts';
import { SyncContext } from '../data/sync-context.ts';
import { UpdatePrompt } from '../pwa/update-prompt.tsx';
import { decideAccess } from '../routing/access-rule.ts';
import { BottomNav } from './bottom-nav.tsx';
import { navMode } from './nav-rules.ts';
import { ScreenStrings } from './screen-strings.tsx';
import { SideRail } from './side-rail.tsx';
import { useScrollToTopOnNavigate } from './use-scroll-to-top-on-navigate.ts';
import styles from './root-layout.module.css';

/** Not needed to paint the first screen: mounted, and so loaded, right after it. */
const AppToaster = lazy(() => import('../../lib/toasts/app-toaster.tsx'));
/** Shown only once the signed-in user's engine runs, which is itself a lazy chunk. */
const SyncStatusIndicator = lazy(() => import('./sync-status-indicator.tsx'));
/** Shown only once the engine runs, like the indicator: an encrypted journal's lock and progress. */
const JournalLockNotice = lazy(() => import('./journal-lock-notice.tsx'));

interface LocationState {
  from?: unknown;
}

export function RootLayout() {
  const { t } = useTranslation();
  const { user, loading } = useAuth();
  const location = useLocation();
  const sync = useContext(SyncContext);
  const afterFirstScreen = useAfterFirstScreen();
  useScrollToTopOnNavigate();
  const signedIn = user !== null;
  const from = (location.state as LocationState | null)?.from;
  const decision = decideAccess(location.pathname, { loading, signedIn }, from);
  const mode = loading ? 'hidden' : navMode(location.pathname, signedIn);

  let content: React.ReactNode;
  switch (decision.kind) {
    case 'wait':
      content = <Spinner label={t('common.loading')} />;
      break;
    case 'redirect':
      content = (
        <Navigate to={decision.to} replace state={decision.keepFrom ? { from: location } : undefined} />
      );
      break;
    case 'render':
      content = (
        <ErrorBoundary FallbackComponent={ErrorFallback} resetKeys={[location.pathname]}>
          <Suspense fallback={<Spinner label={t('common.loading')} />}>
            <ScreenStrings>
              <Outlet />
            </ScreenStrings>
          </Suspense>
        </ErrorBoundary>
      );
      break;
  }

  return (
    <>
      {!loading && !signedIn ? <GridBackground /> : null}
      <a className={styles.skip} href="#main">
        {t('common.skipToContent')}
      </a>
      {/* Before the screen, as it is on screen: the skip link passes it, Tab from the top reaches it first. */}
      {mode === 'member' ? <SideRail /> : null}
      <main id="main" className={styles.main} data-nav={mode} tabIndex={-1}>
        {afterFirstScreen && sync !== null && signedIn ? (
          <Suspense fallback={null}>
            <JournalLockNotice />
          </Suspense>
        ) : null}
        {content}
      </main>
      {mode === 'hidden' ? null : <BottomNav mode={mode} key={mode} />}
      {afterFirstScreen && sync !== null && signedIn ? (
        <Suspense fallback={null}>
          <SyncStatusIndicator />
        </Suspense>
      ) : null}
      {afterFirstScreen ? (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      ) : null}
      <UpdatePrompt />
      <SessionExpiryWatcher />
    </>
  );
}
