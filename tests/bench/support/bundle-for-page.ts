import { build } from 'vite';

/**
 * One of Murmur's modules as a classic script for a blank page: its exports on `globalThis[name]`. For
 * benchmarks that time the app's own code in Chromium (under CPU throttling, which a worker cannot get)
 * without the rest of the app around it.
 */
export async function bundleForPage(entry: string, name: string): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      minify: true,
      lib: { entry, name, formats: ['iife'], fileName: () => 'bundle.js' },
    },
  });
  for (const output of Array.isArray(result) ? result : [result]) {
    if (!('output' in output)) continue;
    const chunk = output.output.find((item) => item.type === 'chunk');
    if (chunk && chunk.type === 'chunk') return chunk.code;
  }
  throw new Error(`bundleForPage: no code built from ${entry}`);
}
