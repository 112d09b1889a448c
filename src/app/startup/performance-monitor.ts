import { FIRST_SCREEN_MARK } from '../../lib/first-screen-mark.ts';
import { readLocal, storageKey, writeLocal } from '../../lib/local-store.ts';

/**
 * Records this device's own start-up and responsiveness figures (time to first paint of the shell, long
 * tasks) in a small local ring buffer. Nothing is sent anywhere unless a user opts in.
 */
const PERFORMANCE_LOG_KEY = storageKey('performance-log');
const MAX_SESSIONS = 20;

interface PerformanceSample {
  at: string;
  firstContentfulPaintMs: number | null;
  /** When the first screen rendered (the mark every Page sets once per load). */
  firstScreenMs: number | null;
  longTasks: number;
  longestTaskMs: number;
}

export function startPerformanceMonitor(): void {
  if (typeof PerformanceObserver === 'undefined') return;
  const sample: PerformanceSample = {
    at: new Date().toISOString(),
    firstContentfulPaintMs: null,
    firstScreenMs: null,
    longTasks: 0,
    longestTaskMs: 0,
  };
  const supported = PerformanceObserver.supportedEntryTypes ?? [];
  if (supported.includes('longtask')) {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        sample.longTasks += 1;
        sample.longestTaskMs = Math.max(sample.longestTaskMs, Math.round(entry.duration));
      }
    }).observe({ type: 'longtask', buffered: true });
  }
  if (supported.includes('paint')) {
    new PerformanceObserver((list) => {
      const fcp = list.getEntriesByName('first-contentful-paint')[0];
      if (fcp) sample.firstContentfulPaintMs = Math.round(fcp.startTime);
    }).observe({ type: 'paint', buffered: true });
  }
  addEventListener('pagehide', () => {
    const firstScreen = performance.getEntriesByName(FIRST_SCREEN_MARK, 'mark')[0];
    if (firstScreen) sample.firstScreenMs = Math.round(firstScreen.startTime);
    const log = parseLog(readLocal(PERFORMANCE_LOG_KEY));
    writeLocal(PERFORMANCE_LOG_KEY, JSON.stringify([...log, sample].slice(-MAX_SESSIONS)));
  });
}

function parseLog(raw: string | null): PerformanceSample[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? (parsed as PerformanceSample[]) : [];
  } catch {
    return [];
  }
}
