import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { gzipSize } from './gzip-size.ts';

/**
 * The size budgets of a production build, in kB gzipped (pwa-testing-perf §4.2): the JS a first visit
 * runs before anything renders, and everything the service worker downloads on install. The bench
 * reports both (and takes its file lists from here); an end-to-end test holds every build to them
 * (tests/e2e/build-budget.spec.ts).
 */
/** 130 until issue 53: the Jotai store and TanStack Query's provider and persister are on the first screen. */
export const INITIAL_JS_BUDGET_KB = 140;
/**
 * 600 until ADR 0126: the three-way merge a save runs (about 4 kB) must work offline, so it is precached.
 * 610 until ADR 0139: the sync worker must start offline too, and Vite bundles a worker alone, so it
 * carries its own supabase-js, Dexie and entity schemas.
 * 750 until issues 53 and 56: the notes screen's first paint waits for less (the commands, sync, the
 * toaster and the recorder load after it), which splits the app into more chunks, each with its own
 * imports; and the journal's encryption (its settings, strings and the audio and field ciphers in the
 * sync worker) works offline. Argon2 (key-envelope) is left out of the precache: turning encryption
 * on, changing the passphrase and unlocking all need the server.
 * 765 until the rest of issue 56: turning encryption off must finish offline once confirmed (its
 * resend, the sync worker's R46 handling) and recordings' stored audio follows the journal's
 * encryption from the sync host (ADR 0152, 0153). Splitting out the screens that need the server
 * (passkeys, turning off) saved nothing: their code is shared with the unlock and the resend.
 */
export const PRECACHE_BUDGET_KB = 775;

const KB = 1000;

/**
 * The modules index.html starts, the entry first: its module script and the modulepreloads Vite writes
 * for the entry's static imports (`src="/assets/x.js"`, `href="/assets/y.js"`).
 */
function startedModules(html: string): string[] {
  const entries = [...html.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"/g)];
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g)];
  return [...entries, ...preloads].flatMap((match) => (match[1] ? [match[1].replace(/^\//, '')] : []));
}

/** Every file the service worker precaches: generateSW writes them into sw.js as {url:"…",revision:…}. */
function precachedFiles(outDir: string): string[] {
  const serviceWorker = readFileSync(join(outDir, 'sw.js'), 'utf8');
  return [...serviceWorker.matchAll(/url:\s*"([^"]+)"/g)].flatMap((match) => (match[1] ? [match[1]] : []));
}

/** A built chunk's static imports, read from its code: `import{…}from"./x.js"` and `import"./x.js"`. */
function staticImportsOf(code: string): string[] {
  return [...code.matchAll(/\bimport\s*(?:[\w$*{}\s,]*?\s*from\s*)?"\.\/([^"]+\.js)"/g)].flatMap((match) =>
    match[1] ? [`assets/${match[1]}`] : [],
  );
}

export interface BuildSizes {
  initialJsFiles: string[];
  initialJsKb: number;
  precacheFiles: string[];
  precacheKb: number;
}

/** The budgets' two sums for the build in `outDir`, each file gzipped on its own as a server sends it. */
export function buildSizes(outDir: string): BuildSizes {
  const read = (file: string) => readFileSync(join(outDir, file));
  const kilobytes = (files: string[]) =>
    Math.round((files.reduce((sum, file) => sum + gzipSize(read(file)), 0) / KB) * 100) / 100;
  const html = read('index.html').toString('utf8');
  const started = startedModules(html);
  if (started.length === 0) throw new Error('index.html starts no module: no entry found');
  const initial = new Set<string>();
  const queue = [...started];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (initial.has(file)) continue;
    initial.add(file);
    queue.push(...staticImportsOf(read(file).toString('utf8')));
  }
  const precache = precachedFiles(outDir);
  return {
    initialJsFiles: [...initial],
    initialJsKb: kilobytes([...initial]),
    precacheFiles: precache,
    precacheKb: kilobytes(precache),
  };
}
