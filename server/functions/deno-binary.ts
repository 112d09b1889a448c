import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The Deno executable of the `deno` dev dependency (ADR 0130): its install script puts the platform binary
 * beside the package's launcher, where the launcher itself runs it from. Running it directly, rather than
 * through the Node launcher, keeps Deno a plain child of the caller, in the caller's process group.
 */
export function denoBinary(): string {
  const packageDir = dirname(createRequire(import.meta.url).resolve('deno/package.json'));
  const binary = join(packageDir, process.platform === 'win32' ? 'deno.exe' : 'deno');
  if (!existsSync(binary))
    throw new Error(
      `no Deno binary at ${binary}: run npm ci (the deno package's install script puts it there)`,
    );
  return binary;
}
