import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createFontLoader, FONT_TIMING, type FontLoaderPorts } from './font-loader.ts';

/** A font source where the test decides when each face arrives. */
function setup(faceDelays: Record<string, number | 'fail'>) {
  const requested: string[] = [];
  const errors: string[] = [];
  const ports: FontLoaderPorts = {
    loadStylesheet: async (name) => {
      requested.push(name);
    },
    loadFace: (name) =>
      new Promise((resolve, reject) => {
        const delay = faceDelays[name] ?? 0;
        if (delay === 'fail') reject(new Error('network'));
        else setTimeout(resolve, delay);
      }),
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    logError: (message) => errors.push(message),
  };
  return { loader: createFontLoader(ports), requested, errors };
}

describe('font loading', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('uses the spec timings', () => {
    expect(FONT_TIMING).toEqual({ loadTimeoutMs: 3000, primaryWaitMs: 2000, secondaryDelayMs: 1000 });
  });

  it('never downloads system fonts', async () => {
    const { loader, requested } = setup({});
    await expect(loader.load('Georgia')).resolves.toBe('system');
    expect(requested).toEqual([]);
  });

  it('gives up on a font after 3 s and logs it', async () => {
    const { loader, errors } = setup({ Lora: 5000 });
    const result = loader.load('Lora');
    await vi.advanceTimersByTimeAsync(3000);
    await expect(result).resolves.toBe('timeout');
    expect(errors).toEqual(['Font "Lora" took longer than 3 s; using its fallback']);
  });

  it('logs a font that fails and carries on', async () => {
    const { loader, errors } = setup({ Inter: 'fail' });
    await expect(loader.load('Inter')).resolves.toBe('failed');
    expect(errors).toEqual(['Font "Inter" could not be loaded; using its fallback']);
  });

  it('waits for primary fonts at most 2 s, and starts secondary fonts after 1 s', async () => {
    const { loader, requested } = setup({ Montserrat: 100, 'Abril Fatface': 2500 });
    let done = false;
    const all = loader.loadAll({ primary: ['Montserrat', 'Abril Fatface'], secondary: ['Inter', 'Lora'] });
    void all.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(requested).toEqual(['Montserrat', 'Abril Fatface']);
    await vi.advanceTimersByTimeAsync(1);
    expect(requested).toEqual(['Montserrat', 'Abril Fatface', 'Inter', 'Lora']);
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it('resolves as soon as the primary fonts are in', async () => {
    const { loader } = setup({ Montserrat: 50 });
    const all = loader.loadAll({ primary: ['Montserrat', 'Arial'], secondary: [] });
    await vi.advanceTimersByTimeAsync(50);
    await expect(all).resolves.toEqual(['loaded', 'system']);
  });

  it('loads each font once however often it is asked for', async () => {
    const { loader, requested } = setup({});
    const loads = Promise.all([loader.load('Caveat'), loader.load('caveat'), loader.load('Caveat ')]);
    await vi.advanceTimersByTimeAsync(0);
    await expect(loads).resolves.toEqual(['loaded', 'loaded', 'loaded']);
    expect(requested).toEqual(['Caveat']);
  });

  it('does not download fonts it does not know', async () => {
    const { loader, requested } = setup({});
    await expect(loader.load('Comic Neue Ultra')).resolves.toBe('unknown');
    expect(requested).toEqual([]);
  });
});
