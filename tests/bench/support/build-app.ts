import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { build } from 'vite';

/** What the benchmarks need from a bundler chunk; a plain shape so they don't track bundler types. */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  /** Module id → length of its code in this chunk before minification. */
  moduleLengths: Record<string, number>;
}

export interface AppBuild {
  outDir: string;
  chunks: BuiltChunk[];
}

let pending: Promise<AppBuild> | undefined;

/**
 * A production build in a temporary directory, made once per bench run and shared by every benchmark
 * that needs one, so a run measures one build and never overwrites the dist/ a developer may be
 * previewing.
 */
export function buildApp(): Promise<AppBuild> {
  pending ??= (async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'murmur-bench-'));
    const result = await build({
      configFile: 'vite.config.ts',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
    const chunks: BuiltChunk[] = [];
    for (const output of Array.isArray(result) ? result : [result]) {
      if (!('output' in output)) throw new Error('buildApp: expected a build output, got a watcher');
      for (const item of output.output) {
        if (item.type !== 'chunk') continue;
        const moduleLengths: Record<string, number> = {};
        for (const [id, info] of Object.entries(item.modules)) moduleLengths[id] = info.renderedLength;
        chunks.push({
          fileName: item.fileName,
          isEntry: item.isEntry,
          imports: [...item.imports],
          dynamicImports: [...item.dynamicImports],
          moduleLengths,
        });
      }
    }
    return { outDir, chunks };
  })();
  return pending;
}

/** The build this run made, if any benchmark asked for one (so the runner removes only what exists). */
export function madeBuild(): Promise<AppBuild> | undefined {
  return pending;
}
