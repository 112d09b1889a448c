export interface StartupStep {
  name: string;
  run: () => void | Promise<void>;
}

export interface StartupReport {
  succeeded: string[];
  failed: string[];
}

/**
 * Runs start-up steps strictly in order. A failing step is logged and skipped: monitoring, analytics,
 * the version check, the install handler or the service worker must never keep a journal from opening.
 */
export async function runStartup(
  steps: readonly StartupStep[],
  logError: (message: string, error: unknown) => void = console.error,
): Promise<StartupReport> {
  const report: StartupReport = { succeeded: [], failed: [] };
  for (const step of steps) {
    try {
      await step.run();
      report.succeeded.push(step.name);
    } catch (error) {
      logError(`Murmur start-up step "${step.name}" failed`, error);
      report.failed.push(step.name);
    }
  }
  return report;
}
