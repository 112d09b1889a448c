import './app/styles/global.css';

/**
 * The app's code is evaluated in two tasks: React's DOM renderer, then the app. A module graph imported
 * at once is evaluated in one task, and the entry's was 51–60 ms on a slow machine, the longest of a
 * first sync (docs/performance.md). Both chunks are preloaded with the entry (vite.config.ts).
 */
async function start(): Promise<void> {
  await import('react-dom/client');
  const { startApp } = await import('./app/start-app.tsx');
  await startApp();
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
