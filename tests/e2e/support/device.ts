import type { Browser, Page } from '@playwright/test';

import { realSession, SESSION_STORAGE_KEY } from './session.ts';

/**
 * A time zone (Etc/GMT-N is UTC+N) where it is early afternoon as this test worker starts, so no
 * device's "today" passes midnight while the tests run: a check-in made on one device just before
 * midnight would rightly not show in another device's today just after it. One for every device, so
 * the devices of a test agree on the day.
 */
const AFTERNOON_TIME_ZONE = (() => {
  const hoursAhead = 13 - new Date().getUTCHours();
  return hoursAhead === 0 ? 'UTC' : `Etc/GMT${hoursAhead > 0 ? '-' : '+'}${String(Math.abs(hoursAhead))}`;
})();

/** A device: its own browser context (own IndexedDB, own tabs), signed in to the account of `email`. */
export async function device(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ timezoneId: AFTERNOON_TIME_ZONE });
  const session = await realSession(email);
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    SESSION_STORAGE_KEY,
    JSON.stringify(session),
  ] as const);
  return context.newPage();
}
