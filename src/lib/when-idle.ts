/** Longest wait for an idle moment: a page that is never idle still gets the work done. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * Runs `work` when the page is next idle (or after two seconds at most), for work that should not
 * compete with a first paint; setTimeout where the browser has no idle callbacks (Safari, tests).
 * Returns a function that cancels it.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(work, 0);
  return () => clearTimeout(handle);
}
