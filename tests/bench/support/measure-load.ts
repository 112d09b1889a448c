import type { Browser, BrowserContext, Page } from '@playwright/test';

import { signInBeforeLoad } from '../../e2e/support/session.ts';
import { gotoUntilMark } from './page-signal.ts';

/** Set by the first <Page> of a load (src/ui/page.tsx). Not imported: that module is browser code. */
const FIRST_SCREEN_MARK = 'murmur:first-screen';

export interface LoadOptions {
  url: string;
  cpuSlowdown: number;
  signedIn: boolean;
  /** Load once first and wait for the service worker, so the measured load is a repeat visit. */
  warm: boolean;
}

export interface LoadTiming {
  firstScreenMs: number;
  firstContentfulPaintMs: number | null;
  /** Navigation timing, to tell download and parse from app start-up when a figure moves. */
  responseEndMs: number;
  domContentLoadedMs: number;
  controlledByServiceWorker: boolean;
  pathname: string;
  /** JS the page fetched before its first screen, as sent (gzip): what the first screen cost to download. */
  scriptBytes: number;
}

async function openPage(context: BrowserContext, signedIn: boolean): Promise<Page> {
  const page = await context.newPage();
  if (signedIn) await signInBeforeLoad(page);
  return page;
}

/** Loads `url` until the first screen's mark, then reads the load's timings. */
async function loadAndTime(page: Page, url: string): Promise<LoadTiming> {
  await gotoUntilMark(page, url, FIRST_SCREEN_MARK, 60_000);
  // FCP can be reported a frame after the mark; a screen with no contentful paint leaves it null.
  await page
    .waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  return page.evaluate((mark) => {
    const firstScreen = performance.getEntriesByName(mark, 'mark')[0];
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    const navigation = performance.getEntriesByType('navigation')[0] as
      PerformanceNavigationTiming | undefined;
    return {
      firstScreenMs: firstScreen ? firstScreen.startTime : Number.NaN,
      firstContentfulPaintMs: fcp ? fcp.startTime : null,
      responseEndMs: navigation?.responseEnd ?? Number.NaN,
      domContentLoadedMs: navigation?.domContentLoadedEventEnd ?? Number.NaN,
      controlledByServiceWorker: navigator.serviceWorker?.controller != null,
      pathname: location.pathname,
      scriptBytes: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .filter((entry) => !firstScreen || entry.startTime <= firstScreen.startTime)
        .reduce((sum, entry) => sum + entry.encodedBodySize, 0),
    };
  }, FIRST_SCREEN_MARK);
}

/**
 * One page load in a fresh browser context: an empty HTTP cache, no service worker and no storage
 * unless `warm` primes them. CPU slowdown is applied through CDP before navigation, the way Lighthouse
 * simulates a mid-range phone.
 */
export async function measureLoad(browser: Browser, options: LoadOptions): Promise<LoadTiming> {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  try {
    if (options.warm) {
      const primer = await openPage(context, options.signedIn);
      await loadAndTime(primer, options.url);
      // Active means installed, and installing means the precache was filled.
      await primer.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await primer.close();
    }
    const page = await openPage(context, options.signedIn);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown });
    const timing = await loadAndTime(page, options.url);
    if (options.warm && !timing.controlledByServiceWorker) {
      throw new Error(`measureLoad: warm load of ${options.url} was not served by the service worker`);
    }
    return timing;
  } finally {
    await context.close();
  }
}
