import type { Browser, Page } from '@playwright/test';

import { realSession, SESSION_STORAGE_KEY } from './session.ts';

/** A device: its own browser context (own IndexedDB, own tabs), signed in to the account of `email`. */
export async function device(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const session = await realSession(email);
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    SESSION_STORAGE_KEY,
    JSON.stringify(session),
  ] as const);
  return context.newPage();
}
