import { readFileSync } from 'node:fs';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

import { pwaOptions } from './pwa.config.ts';

// The build id changes the bundle (and so the service worker's precache manifest) between deploys;
// the update-prompt end-to-end test builds twice with different ids.
const buildId = process.env['MURMUR_BUILD_ID'] ?? new Date().toISOString();
// The release a person sees and quotes to support: package.json's version.
const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
// The local backend on another port (API_PORT, as the start script and the e2e config use it) is the one
// this build talks to, unless VITE_SUPABASE_URL names a backend explicitly.
if (process.env['API_PORT'] && !process.env['VITE_SUPABASE_URL'])
  process.env['VITE_SUPABASE_URL'] = `http://127.0.0.1:${process.env['API_PORT']}`;

export default defineConfig({
  plugins: [react(), VitePWA(pwaOptions)],
  define: {
    __MURMUR_BUILD_ID__: JSON.stringify(buildId),
    __MURMUR_VERSION__: JSON.stringify(version),
  },
  build: {
    outDir: process.env['MURMUR_OUT_DIR'] ?? 'dist',
    sourcemap: false,
    target: 'es2022',
    // A font is never inlined into its style sheet: every style sheet is precached, and a font's files
    // are cached only when a note uses it (pwa.config.ts). Inlined, JetBrains Mono's small subsets put
    // 7 kB gzipped of base64 in the precache for a font few notes use.
    assetsInlineLimit: (file) => (/\.woff2?$/.test(file) ? false : undefined),
  },
  server: {
    host: '127.0.0.1',
  },
});
