import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // Edge Function code imports Deno's `npm:pkg@version` form. The local backend runs the functions under
    // Deno; app code and tests that import their shared modules through Vitest need the alias.
    alias: [{ find: /^npm:(@[^/@]+\/[^/@]+|[^/@]+)(?:@[^/]*)?(\/.*)?$/, replacement: '$1$2' }],
  },
  define: {
    __MURMUR_BUILD_ID__: JSON.stringify('test'),
    __MURMUR_VERSION__: JSON.stringify('0.1.0'),
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: [
      'src/**/*.test.{ts,tsx}',
      'tests/integration/**/*.test.ts',
      'server/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    restoreMocks: true,
    // Watchdogs for a hang, not budgets: on a loaded 2-core CI machine starting PGlite alone has taken
    // 14 s inside a test (auto-analyze.test.ts, 26 s in all), and hooks start databases and servers too.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
