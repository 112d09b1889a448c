import { preview } from 'vite';

/**
 * Serves a production build. index.html, sw.js and the manifest must be revalidated on every load or an
 * old version keeps being served after a deploy; hashed assets can be cached for ever.
 */
export async function serveDist(options: { port: number; outDir?: string }) {
  const server = await preview({
    configFile: 'vite.config.ts',
    logLevel: 'warn',
    build: { outDir: options.outDir ?? 'dist' },
    preview: { host: '127.0.0.1', port: options.port, strictPort: true, open: false },
  });
  return server;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env['PORT'] ?? 4173);
  const server = await serveDist({ port, outDir: process.env['MURMUR_OUT_DIR'] });
  console.log(`App URL: http://127.0.0.1:${port}`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
