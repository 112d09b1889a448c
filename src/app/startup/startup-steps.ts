import { appConfig } from '../../lib/config.ts';
import { listenForInstallPrompt } from '../pwa/listen-for-install-prompt.ts';
import { registerServiceWorker } from '../pwa/register-service-worker.ts';
import { startAnalyticsSession } from './analytics-session.ts';
import { startPerformanceMonitor } from './performance-monitor.ts';
import type { StartupStep } from './run-startup.ts';
import { checkVersion } from './version-check.ts';

/** Product spec §4, after translations: monitoring, analytics, version, install handler, service worker. */
export const startupSteps: readonly StartupStep[] = [
  { name: 'performance monitoring', run: startPerformanceMonitor },
  { name: 'analytics session', run: () => void startAnalyticsSession() },
  { name: 'version check', run: () => void checkVersion(appConfig.buildId) },
  { name: 'install handler', run: listenForInstallPrompt },
  {
    name: 'service worker registration',
    run: () => {
      if (document.readyState === 'complete') registerServiceWorker();
      else window.addEventListener('load', registerServiceWorker, { once: true });
    },
  },
];
