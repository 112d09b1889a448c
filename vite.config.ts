import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

import { pwaOptions } from './pwa.config.ts';

// The build id changes the bundle (and so the service worker's precache manifest) between deploys;
// the update-prompt end-to-end test builds twice with different ids.
const buildId = process.env.MURMUR_BUILD_ID ?? new Date().toISOString();

export default defineConfig({
  plugins: [react(), VitePWA(pwaOptions)],
  define: {
    __MURMUR_BUILD_ID__: JSON.stringify(buildId),
  },
  build: {
    outDir: process.env.MURMUR_OUT_DIR ?? 'dist',
    sourcemap: false,
    target: 'es2022',
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    strictPort: true,
  },
  server: {
    host: '127.0.0.1',
  },
});
