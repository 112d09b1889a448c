import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { CHROMIUM_ARGS, findChromium } from '../../../scripts/chromium-path.ts';
import { openCdpPipe } from './cdp-pipe.ts';

/**
 * The switches Playwright launches Chromium with (printed from its browser process), so that a bare
 * device differs from a Playwright one in the DevTools agents on its page and in nothing else.
 */
const PLAYWRIGHT_SWITCHES = [
  '--disable-field-trial-config',
  '--disable-background-networking',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-back-forward-cache',
  '--disable-breakpad',
  '--disable-component-extensions-with-background-pages',
  '--disable-component-update',
  '--no-default-browser-check',
  '--disable-default-apps',
  '--disable-dev-shm-usage',
  '--disable-extensions',
  '--disable-features=AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,HttpsUpgrades,' +
    'HttpsFirstBalancedModeAutoEnable,LensOverlay,MediaRouter,PaintHolding,ThirdPartyStoragePartitioning,' +
    'AvoidCorsURLLoaderRestartOnRedirect,OptimizationHints,NetworkTimeServiceQuerying',
  '--allow-pre-commit-input',
  '--disable-hang-monitor',
  '--disable-ipc-flooding-protection',
  '--disable-popup-blocking',
  '--disable-prompt-on-repost',
  '--disable-renderer-backgrounding',
  '--force-color-profile=srgb',
  '--metrics-recording-only',
  '--no-first-run',
  '--password-store=basic',
  '--use-mock-keychain',
  '--no-service-autorun',
  '--disable-search-engine-choice-screen',
  '--disable-infobars',
  '--disable-sync',
  '--headless',
  '--hide-scrollbars',
  '--mute-audio',
  '--no-startup-window',
];

/** Playwright's `serviceWorkers: 'block'`, as it does it: registration resolves and registers nothing. */
const BLOCK_SERVICE_WORKERS =
  'if (self.ServiceWorkerContainer) ServiceWorkerContainer.prototype.register = async () => undefined;';

export interface BareDevice {
  /** Loads `url`; the device's init script runs before the page's own. */
  goto(url: string): Promise<void>;
  /** Evaluates `expression` in the page, awaiting it if it is a promise; its value must be JSON. */
  evaluate<T>(expression: string): Promise<T>;
  close(): Promise<void>;
}

/**
 * A device nearer a person's browser: a new Chromium profile on disk whose page has no DevTools agent
 * but Page's, which runs `initScript` before the app's scripts. Playwright enables several agents on
 * every page (network, runtime, page, its own scripts); its network agent records a stack trace for
 * each request's initiator, which V8 builds by re-parsing functions inside the start's tasks, and the
 * start's tasks ran longer under Playwright (docs/adr/0125). No service worker registers, as with the
 * Playwright devices.
 */
export async function openBareDevice(initScript: string): Promise<BareDevice> {
  const executable = findChromium();
  if (!executable) throw new Error('openBareDevice: no Chromium found (set CHROMIUM_PATH)');
  const dir = mkdtempSync(join(tmpdir(), 'murmur-bench-bare-'));
  const cdp = openCdpPipe(executable, [...PLAYWRIGHT_SWITCHES, ...CHROMIUM_ARGS, `--user-data-dir=${dir}`]);
  const close = async () => {
    await cdp.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const { targetId } = await cdp.send('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId, flatten: true })) as {
      sessionId: string;
    };
    // Page's agent runs scripts on new documents only while it is enabled.
    await cdp.send('Page.enable', {}, sessionId);
    await cdp.send(
      'Page.addScriptToEvaluateOnNewDocument',
      { source: `${BLOCK_SERVICE_WORKERS}\n${initScript}` },
      sessionId,
    );
    return {
      async goto(url) {
        const { errorText } = (await cdp.send('Page.navigate', { url }, sessionId)) as { errorText?: string };
        if (errorText) throw new Error(`openBareDevice: ${url}: ${errorText}`);
      },
      async evaluate<T>(expression: string) {
        const { result, exceptionDetails } = (await cdp.send(
          'Runtime.evaluate',
          { expression, awaitPromise: true, returnByValue: true },
          sessionId,
        )) as {
          result: { value: T };
          exceptionDetails?: { exception?: { description?: string }; text: string };
        };
        if (exceptionDetails)
          throw new Error(
            `openBareDevice: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`,
          );
        return result.value;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** `fn(...args)` as an expression for BareDevice.evaluate; `fn` must not close over anything. */
export function callExpression(fn: (...args: never[]) => unknown, ...args: unknown[]): string {
  return `(${fn.toString()})(${args.map((arg) => JSON.stringify(arg)).join(', ')})`;
}
