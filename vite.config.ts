import { readFileSync } from 'node:fs';

import react from '@vitejs/plugin-react';
import { defineConfig, minify, type Plugin, type Rolldown } from 'vite';
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

/**
 * index.html's inline scripts (the theme, the start-up picture) are written to be read and shipped
 * minified: every start parses them, and the precache budget counts index.html. The picture script
 * shows only pictures taken by this build (docs/adr/0107).
 */
const inlineScriptsInHtml: Plugin = {
  name: 'murmur-inline-scripts-in-html',
  async transformIndexHtml(html) {
    const withBuildId = html.replaceAll('__MURMUR_BUILD_ID_JSON__', JSON.stringify(buildId));
    const scripts = [...withBuildId.matchAll(/<script>([\s\S]*?)<\/script>/g)];
    let out = withBuildId;
    for (const [whole, source = ''] of scripts) {
      const { code, errors } = await minify('inline-script.js', source, {});
      if (errors.length > 0)
        throw new Error(`index.html: an inline script does not minify: ${errors[0]?.message}`);
      out = out.replace(whole, `<script>${code.trim()}</script>`);
    }
    return out;
  },
};

/**
 * Modules the entry imports dynamically only to evaluate them in a task of their own (src/main.tsx):
 * they are part of every start, so their chunks load with the entry's.
 */
const START_STEPS = ['/node_modules/react-dom/client.js', '/node_modules/i18next/dist/esm/i18next.js'];

/** The chunks of the entry's start steps, each with every chunk it imports statically. */
function startStepChunks(
  entry: Rolldown.OutputChunk | undefined,
  bundle: Rolldown.OutputBundle | undefined,
): string[] {
  if (!entry || !bundle) return [];
  const found: string[] = [];
  const visit = (file: string) => {
    const chunk = bundle[file];
    if (found.includes(file) || chunk?.type !== 'chunk') return;
    found.push(file);
    chunk.imports.forEach(visit);
  };
  // A step imported for some of its exports (`const { a } = await import('x')`) has no facade module.
  const isStartStep = (file: string) => {
    const chunk = bundle[file];
    if (chunk?.type !== 'chunk') return false;
    const modules = chunk.facadeModuleId ? [chunk.facadeModuleId] : chunk.moduleIds;
    return START_STEPS.some((step) => modules.some((module) => module.endsWith(step)));
  };
  const steps = entry.dynamicImports.filter(isStartStep);
  if (steps.length !== START_STEPS.length)
    throw new Error(`index.html: expected the entry to import ${START_STEPS.join(', ')} in steps`);
  steps.forEach(visit);
  return found;
}

/**
 * The app's code runs once the start-up picture's check has answered (index.html, docs/adr/0107): the
 * build takes the entry's module script and its modulepreloads out of the head and hands them to
 * index.html's boot script instead, which preloads them at once when there is no check to wait for, and
 * after it otherwise (compiled during the check, they would hold the page's thread), and runs the entry
 * from the end of the page. The dev server keeps the plain module script (React's refresh preamble must
 * run first there).
 */
const entryAfterPictureCheck: Plugin = {
  name: 'murmur-entry-after-picture-check',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, context) {
      const entries = [...html.matchAll(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g)];
      const [entry] = entries;
      if (entries.length !== 1 || !entry?.[1])
        throw new Error(`index.html: expected one entry script, found ${entries.length}`);
      const preloadTag = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
      const modules = [entry[1], ...[...html.matchAll(preloadTag)].map((match) => match[1] ?? '')];
      for (const file of startStepChunks(context.chunk, context.bundle)) {
        const href = `/${file}`;
        if (!modules.includes(href)) modules.push(href);
      }
      const preload = `<script>murmurPreload(${JSON.stringify(modules)})</script>`;
      const start = `<script>murmurStart(${JSON.stringify(entry[1])})</script>`;
      const withoutModules = html.replace(entry[0], '').replace(preloadTag, '');
      // Ahead of the style sheets: an inline script after one waits for it to load.
      const stylesheet = withoutModules.search(/<link rel="stylesheet"/);
      const at = stylesheet === -1 ? withoutModules.indexOf('</head>') : stylesheet;
      return `${withoutModules.slice(0, at)}${preload}\n    ${withoutModules.slice(at)}`.replace(
        '</body>',
        `${start}</body>`,
      );
    },
  },
};

export default defineConfig({
  plugins: [react(), VitePWA(pwaOptions), inlineScriptsInHtml, entryAfterPictureCheck],
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
