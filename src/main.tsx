import './app/styles/global.css';

import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/app.tsx';
import { preloadUserData } from './app/data/app-user-data-backend.ts';
import { preloadScreen } from './app/routing/app-routes.tsx';
import { removeStartUpPicture } from './app/startup/remove-start-up-picture.ts';
import { runStartup } from './app/startup/run-startup.ts';
import { startupSteps } from './app/startup/startup-steps.ts';
import { appConfig } from './lib/config.ts';
import { createI18n } from './lib/i18n/i18n.ts';
import { readStoredLanguage } from './lib/i18n/language-preference.ts';
import { readStoredSession } from './lib/stored-session.ts';

/** Start-up order of product spec §4: translations first, then the rest, then the first render. */
async function start(): Promise<void> {
  removeStartUpPicture();
  const signedIn = readStoredSession(appConfig.supabaseUrl, Date.now()).kind !== 'none';
  preloadScreen(window.location.pathname, signedIn);
  if (signedIn) preloadUserData();
  const language = readStoredLanguage();
  document.documentElement.lang = language;
  // The screens' texts load beside the first screen's chunk; the layout waits for them, not the app.
  const i18n = await createI18n(language, { screenStrings: 'in-background' });
  await runStartup(startupSteps);
  const container = document.getElementById('root');
  if (!container) throw new Error('Murmur: #root is missing from index.html');
  const root = createRoot(container);
  // The first render replaces index.html's skeleton. As a transition it renders in slices and lets the
  // browser in between, so the shell's first render is no long task on a slow device.
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
