import type { ConsoleMessage, Page } from '@playwright/test';

/** Prefix of the console lines the benchmarks' init scripts log for the bench process to wait on. */
const SIGNAL_PREFIX = 'murmur-bench:';

/** The console line a page logs to raise the signal `name` (see pageSignal). */
export function signalText(name: string): string {
  return `${SIGNAL_PREFIX}${name}`;
}

/**
 * Resolves when the page logs signalText(name). Arm it before the navigation or action that raises the
 * signal: a line logged before the wait starts is not seen.
 *
 * Why not page.waitForFunction: it evaluates Playwright's injected script in the page and polls on the
 * page's main thread during the very load being measured. On a 4× throttled load of /notes that took
 * 150–230 ms of the figure (2026-11-26, same build, medians of 7). A console line costs the page next
 * to nothing.
 */
export function pageSignal(page: Page, name: string, timeout = 120_000): Promise<void> {
  const text = signalText(name);
  const seen = page
    .waitForEvent('console', { predicate: (message: ConsoleMessage) => message.text() === text, timeout })
    .then(() => undefined);
  // Handled here too: a navigation that throws before the caller awaits must not leave it unhandled.
  seen.catch(() => undefined);
  return seen;
}

/** Makes every load of the page raise the signal named `mark` once the app sets that performance mark. */
async function signalOnMark(page: Page, mark: string): Promise<void> {
  await page.addInitScript(
    ([markName, text]) => {
      new PerformanceObserver((list, observer) => {
        if (!list.getEntries().some((entry) => entry.name === markName)) return;
        observer.disconnect();
        console.debug(text);
      }).observe({ type: 'mark', buffered: true });
    },
    [mark, signalText(mark)] as const,
  );
}

/** Set by the notes list when its first cards are on screen (src/features/notes/virtual-note-list.tsx). */
export const NOTES_LIST_MARK = 'murmur:notes-list';

/** When the page set the performance mark `mark`, in ms after navigation; NaN if it has not. */
export function markTime(page: Page, mark: string): Promise<number> {
  return page.evaluate((name) => performance.getEntriesByName(name, 'mark')[0]?.startTime ?? NaN, mark);
}

/** Loads `url` and waits for the app to set `mark`, without polling the page (see pageSignal). */
export async function gotoUntilMark(page: Page, url: string, mark: string, timeout = 120_000): Promise<void> {
  await signalOnMark(page, mark);
  const marked = pageSignal(page, mark, timeout);
  await page.goto(url);
  await marked;
}
