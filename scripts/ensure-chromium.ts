import { execFileSync, spawnSync } from 'node:child_process';

import { findChromium } from './chromium-path.ts';

/**
 * Makes sure a Chromium exists for Playwright. Debian's package where apt-get can run as root (the
 * machines that run Murmur's CI reach only Debian's and npm's registries); otherwise Playwright's own
 * download, for developers elsewhere.
 */
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
const has = (command: string) =>
  spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/**
 * The recording tests speak into Chromium's fake microphone: espeak-ng makes the speech, sox the
 * silence and joins. Debian's packages where apt-get can run; elsewhere the tests say what is missing.
 */
function ensureSpeechTools(): void {
  if (has('espeak-ng') && has('sox')) return;
  if (!isRoot || !hasApt) {
    console.log('espeak-ng or sox missing: the recording tests will say so');
    return;
  }
  console.log("Installing Debian's espeak-ng and sox for the recording tests");
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'espeak-ng', 'sox'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

function main(): void {
  const found = findChromium();
  if (found) {
    console.log(`Chromium: ${found}`);
    return;
  }
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
ensureSpeechTools();
