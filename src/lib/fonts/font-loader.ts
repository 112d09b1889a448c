import { findFont } from './font-catalog.ts';
import { isSystemFont } from './font-stack.ts';

/** Product spec §9. */
export const FONT_TIMING = {
  loadTimeoutMs: 3000,
  primaryWaitMs: 2000,
  secondaryDelayMs: 1000,
} as const;

type FontLoadResult = 'system' | 'loaded' | 'timeout' | 'failed' | 'unknown';

export interface FontLoaderPorts {
  /** Loads the font's stylesheet (its @font-face rules). */
  loadStylesheet: (name: string) => Promise<unknown>;
  /** Resolves when the face is usable (document.fonts.load). */
  loadFace: (name: string) => Promise<unknown>;
  setTimeout: (callback: () => void, ms: number) => unknown;
  logError: (message: string, error: unknown) => void;
}

export interface FontLoader {
  load: (name: string) => Promise<FontLoadResult>;
  /** Waits for the primary fonts at most 2 s, then loads the secondary ones 1 s later. */
  loadAll: (fonts: { primary: readonly string[]; secondary: readonly string[] }) => Promise<FontLoadResult[]>;
}

function delay(ports: FontLoaderPorts, ms: number): Promise<'timeout'> {
  return new Promise((resolve) => ports.setTimeout(() => resolve('timeout'), ms));
}

/**
 * Loading a font never blocks or breaks the app: system fonts are used as they are, an unknown font falls
 * back to its stack, and a font that fails or takes over 3 s is logged and rendered with the fallback.
 */
export function createFontLoader(ports: FontLoaderPorts): FontLoader {
  const inFlight = new Map<string, Promise<FontLoadResult>>();

  const loadOnce = async (name: string): Promise<FontLoadResult> => {
    if (isSystemFont(name)) return 'system';
    if (!findFont(name)) return 'unknown';
    const attempt = (async (): Promise<FontLoadResult> => {
      await ports.loadStylesheet(name);
      await ports.loadFace(name);
      return 'loaded';
    })();
    try {
      const result = await Promise.race([attempt, delay(ports, FONT_TIMING.loadTimeoutMs)]);
      if (result === 'timeout')
        ports.logError(`Font "${name}" took longer than 3 s; using its fallback`, null);
      return result;
    } catch (error) {
      ports.logError(`Font "${name}" could not be loaded; using its fallback`, error);
      return 'failed';
    }
  };

  const load = (name: string): Promise<FontLoadResult> => {
    const key = name.trim().toLowerCase();
    let pending = inFlight.get(key);
    if (!pending) {
      pending = loadOnce(name);
      inFlight.set(key, pending);
    }
    return pending;
  };

  return {
    load,
    async loadAll({ primary, secondary }) {
      const primaryLoads = Promise.all(primary.map(load));
      ports.setTimeout(() => void Promise.all(secondary.map(load)), FONT_TIMING.secondaryDelayMs);
      const settled = await Promise.race([primaryLoads, delay(ports, FONT_TIMING.primaryWaitMs)]);
      return settled === 'timeout' ? primary.map(() => 'timeout' as const) : settled;
    },
  };
}

/** The browser's ports: Vite's lazy CSS chunks and the CSS Font Loading API. */
export function createBrowserFontLoader(): FontLoader {
  return createFontLoader({
    loadStylesheet: async (name) => findFont(name)?.load(),
    loadFace: (name) => document.fonts.load(`1em '${name}'`),
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    logError: (message, error) => console.error(message, error ?? ''),
  });
}
