import { FIRST_SCREEN_MARK } from './first-screen-mark.ts';
import { whenIdle } from './when-idle.ts';

/**
 * Resolves once the first screen is on screen and the page is next idle, so work it does not need (and
 * the code that work downloads) stays off its critical path: the mark comes as the screen's Page
 * mounts, and its content (the notes list, read from the database) follows in the next tasks. Resolves after `latestMs` at the latest — a start whose first
 * screen is not a Page, such as an error screen, must not wait for ever — and at once where the browser
 * cannot observe marks.
 */
export function afterFirstScreen(latestMs: number): Promise<void> {
  const observable =
    typeof PerformanceObserver !== 'undefined' &&
    (PerformanceObserver.supportedEntryTypes ?? []).includes('mark');
  if (!observable) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName(FIRST_SCREEN_MARK).length > 0) finish();
    });
    const timer = setTimeout(finish, latestMs);
    function finish() {
      observer.disconnect();
      clearTimeout(timer);
      whenIdle(resolve);
    }
    observer.observe({ type: 'mark', buffered: true });
  });
}
