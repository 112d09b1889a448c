import type { VitePWAOptions } from 'vite-plugin-pwa';

/**
 * Service worker and manifest. `registerType: 'prompt'` so a new version never reloads a tab behind the
 * user's back (an open editor would lose its state); the app asks instead (src/app/pwa).
 * Backend paths are denied to the navigation fallback: an OAuth callback or a REST call must reach the
 * network, never the cached app shell.
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  registerType: 'prompt',
  injectRegister: false,
  strategies: 'generateSW',
  // public/ (favicon, icons, Apple touch icon) is already matched by the precache globs below; listing the
  // files again would put each of them in the precache manifest twice.
  includeManifestIcons: false,
  manifest: {
    id: '/',
    name: 'Murmur — voice journal',
    short_name: 'Murmur',
    description: 'A private, local-first voice journal: notes, diary and mood that work offline.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: '#4f46e5',
    background_color: '#faf7f2',
    lang: 'en-US',
    categories: ['lifestyle', 'productivity', 'health'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // Every lazy screen and the icons too: a deep link opened offline must find its chunk in the precache.
    // The plugin adds manifest.webmanifest itself.
    globPatterns: [
      '**/*.{js,css,html,svg,png,ico}',
      // The spec's default and preloaded fonts, Latin subset: entries look right offline from the first
      // visit. Other fonts and scripts are cached the first time they are used (runtimeCaching below).
      'assets/{abril-fatface,montserrat,architects-daughter}-latin-[47]00-normal-*.woff2',
      // The other preloaded fonts in their regular face; bold ones arrive on first use.
      'assets/{inter,playfair-display}-latin-400-normal-*.woff2',
    ],
    // Needed only with a connection (resumable audio uploads) or able to fall back (the search, notes
    // filter and insights workers' work runs on the main thread when a worker cannot load): cached on first use instead, below. The workers carry their own copy of Dexie, so precaching
    // them costs twice.
    // Local Processing's worker (transformers.js, ~550 kB) and its ONNX runtime (27 MB of wasm) load
    // only when the user downloads the on-device model; they are cached then (below), and the model by
    // transformers.js in its own cache.
    globIgnores: [
      '**/storage-audio-transport-*.js',
      '**/journal-search.worker-*.js',
      '**/notes-filter.worker-*.js',
      '**/insights.worker-*.js',
      '**/local-whisper.worker-*.js',
      // Argon2id for the journal's passphrase: every use (turning encryption on, a new passphrase, an
      // unlock) needs the server's key envelope, so it is cached on first use like the above.
      '**/key-envelope-*.js',
    ],
    navigateFallback: 'index.html',
    navigateFallbackDenylist: [
      /^\/auth\/v1/,
      /^\/rest\/v1/,
      /^\/realtime/,
      /^\/storage/,
      /^\/functions/,
      /^\/mailbox/,
    ],
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // Hashed scripts left out of the precache: never stale once cached, so the next offline visit has them.
        urlPattern: ({ sameOrigin, url }) => sameOrigin && /\/assets\/.+\.m?js$/.test(url.pathname),
        handler: 'CacheFirst',
        options: {
          cacheName: 'murmur-lazy-scripts',
          expiration: { maxEntries: 50 },
          // A server may answer `Vary: Origin`; a module import and a plain fetch of the same hashed
          // file differ in that header, and either must find the kept copy offline.
          matchOptions: { ignoreVary: true },
        },
      },
      {
        // Local Processing's ONNX runtime (27 MB of wasm), kept once the on-device model is in use so
        // transcription starts offline; the two newest are kept across an app update.
        urlPattern: ({ sameOrigin, url }) => sameOrigin && /\/assets\/.+\.wasm$/.test(url.pathname),
        handler: 'CacheFirst',
        options: {
          cacheName: 'murmur-runtimes',
          expiration: { maxEntries: 2 },
          matchOptions: { ignoreVary: true },
        },
      },
      {
        // Font files are content-hashed: a cached copy is never stale.
        urlPattern: ({ sameOrigin, url }) => sameOrigin && /\/assets\/.+\.woff2?$/.test(url.pathname),
        handler: 'CacheFirst',
        options: {
          cacheName: 'murmur-fonts',
          expiration: { maxEntries: 200 },
        },
      },
    ],
  },
};
