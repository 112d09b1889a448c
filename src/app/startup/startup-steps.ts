import { afterFirstScreen } from '../../lib/after-first-screen.ts';
import { appConfig } from '../../lib/config.ts';
import { listenForInstallPrompt } from '../pwa/listen-for-install-prompt.ts';
import { registerServiceWorker } from '../pwa/register-service-worker.ts';
import { startAnalyticsSession } from './analytics-session.ts';
import { startPerformanceMonitor } from './performance-monitor.ts';
import type { StartupStep } from './run-startup.ts';
import { checkVersion } from './version-check.ts';

/** How long a start whose first screen is not a Page waits before registering the service worker. */
const SERVICE_WORKER_LATEST_MS = 3_000;

/** Product spec §4, after translations: monitoring, analytics, version, install handler, service worker. */
export const startupSteps: readonly StartupStep[] = [
  { name: 'performance monitoring', run: startPerformanceMonitor },
  { name: 'analytics session', run: () => void startAnalyticsSession() },
  { name: 'version check', run: () => void checkVersion(appConfig.buildId) },
  { name: 'install handler', run: listenForInstallPrompt },
  {
    name: 'service worker registration',
    // After the first screen and the page's load: registering loads workbox-window, and installing
    // downloads the precache, neither of which that screen needs.
    run: () =>
      void afterFirstScreen(SERVICE_WORKER_LATEST_MS).then(() => {
        if (document.readyState === 'complete') registerServiceWorker();
        else window.addEventListener('load', registerServiceWorker, { once: true });
      }),
  },
];
