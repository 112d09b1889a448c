import { execFileSync, spawnSync } from 'node:child_process';

import { findChromium } from './chromium-path.ts';

/**
 * Makes sure a Chromium exists for Playwright. Debian's package where apt-get can run as root (the
 * machines that run Murmur's CI reach only Debian's and npm's registries); otherwise Playwright's own
 * download, for developers elsewhere.
 */
function main(): void {
  const found = findChromium();
  if (found) {
    console.log(`Chromium: ${found}`);
    return;
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log("Chromium not found: installing Debian's chromium package");
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-liberation'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } else {
    console.log('Chromium not found: asking Playwright to install its own');
    execFileSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' });
    return;
  }
  const installed = findChromium();
  if (!installed) throw new Error('Chromium could not be installed; set CHROMIUM_PATH to a Chromium binary.');
  console.log(`Chromium: ${installed}`);
}

main();
