import type { BrowserContext, Route } from '@playwright/test';

import { API_URL } from './backend.ts';

const refuse = (route: Route) => route.abort('internetdisconnected');

/**
 * Takes a device off the network the way the sync worker sees it too. Playwright's offline emulation
 * reaches a worker only once the worker has started, so a page reloaded offline could start a sync
 * worker whose first push still went out; refusing the backend's requests in the context closes that gap.
 */
export async function goOffline(context: BrowserContext): Promise<void> {
  await context.route(`${API_URL}/**`, refuse);
  await context.setOffline(true);
}

export async function goOnline(context: BrowserContext): Promise<void> {
  await context.setOffline(false);
  await context.unroute(`${API_URL}/**`, refuse);
}
