import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  define: {
    __MURMUR_BUILD_ID__: JSON.stringify('test'),
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.ts', 'server/**/*.test.ts'],
    restoreMocks: true,
    testTimeout: 20_000,
  },
});
