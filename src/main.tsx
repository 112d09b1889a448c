import './app/styles/global.css';

import { StrictMode, startTransition } from 'react';

import { App } from './app/app.tsx';
import { preloadScreen } from './app/routing/app-routes.tsx';
import { runStartup } from './app/startup/run-startup.ts';
import { startupSteps } from './app/startup/startup-steps.ts';
import { createI18n } from './lib/i18n/i18n.ts';
import { readStoredLanguage } from './lib/i18n/language-preference.ts';

/** Start-up order of product spec §4: translations first, then the rest, then the first render. */
async function start(): Promise<void> {
  preloadScreen(window.location.pathname);
  const language = readStoredLanguage();
  document.documentElement.lang = language;
  // The screens' texts load beside the first screen's chunk; the layout waits for them, not the app.
  const i18n = await createI18n(language, { screenStrings: 'in-background' });
  await runStartup(startupSteps);
  // React's DOM renderer is evaluated in a task of its own: imported with the rest of the entry, the
  // entry's evaluation was one task of 51–60 ms on a slow machine, the longest of a first sync
  // (docs/performance.md). The build preloads its chunk with the entry (vite.config.ts).
  const { createRoot } = await import('react-dom/client');
  const container = document.getElementById('root');
  if (!container) throw new Error('Murmur: #root is missing from index.html');
  const root = createRoot(container);
  // A transition renders in slices of a few ms and lets the browser in between: rendered at once, the
  // shell's first render was one task of 60–130 ms on a slow machine (docs/performance.md).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App i18n={i18n} />
      </StrictMode>,
    ),
  );
}

window.addEventListener('error', (event) => console.error('Murmur: uncaught error', event.error));
window.addEventListener('unhandledrejection', (event) =>
  console.error('Murmur: unhandled rejection', event.reason),
);

start().catch((error: unknown) => {
  console.error('Murmur could not start', error);
  const root = document.getElementById('root');
  if (root)
    root.textContent = `Murmur could not start: ${error instanceof Error ? error.message : String(error)}`;
});
