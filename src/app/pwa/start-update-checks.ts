/** Product spec §9: look for a new version every 60 minutes. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

export interface UpdateCheckDeps {
  /** The part of a ServiceWorkerRegistration the check needs. */
  registration: Pick<ServiceWorkerRegistration, 'installing' | 'update'>;
  swUrl: string;
  fetch: (url: string, init: RequestInit) => Promise<Pick<Response, 'status'>>;
  setInterval: (callback: () => void, ms: number) => unknown;
  isOnline: () => boolean;
  warn?: (message: string, error: unknown) => void;
}

/**
 * Asks the browser to look for a new service worker every hour, for tabs that stay open for days.
 * Skips while offline or while a worker is already installing, and fetches sw.js itself first so a
 * server that is down (or a captive portal) is not mistaken for a failed update.
 */
export function startUpdateChecks(deps: UpdateCheckDeps): void {
  const { registration, swUrl, isOnline, warn = console.warn } = deps;
  const check = async (): Promise<void> => {
    if (registration.installing || !isOnline()) return;
    try {
      const response = await deps.fetch(swUrl, {
        cache: 'no-store',
        headers: { 'cache-control': 'no-cache' },
      });
      if (response.status === 200) await registration.update();
    } catch (error) {
      warn('Murmur could not check for an update', error);
    }
  };
  deps.setInterval(() => void check(), UPDATE_CHECK_INTERVAL_MS);
}
