import { existsSync } from 'node:fs';

/** A system Chromium (Debian's package) is preferred; CHROMIUM_PATH overrides. */
const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function findChromium(): string | undefined {
  const fromEnv = process.env['CHROMIUM_PATH'];
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return CHROMIUM_CANDIDATES.find((candidate) => existsSync(candidate));
}

/**
 * Flags for a root user on a closed network: no sandbox (root), and none of Chromium's background
 * calls home, which this machine refuses and which only slow tests down.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
