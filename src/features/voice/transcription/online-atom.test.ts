import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';

import { onlineAtom } from './online-atom.ts';

function browserSays(online: boolean, event?: 'online' | 'offline') {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  if (event) window.dispatchEvent(new Event(event));
}

describe('onlineAtom', () => {
  afterEach(() => browserSays(true));

  it('follows the browser going offline and back while something reads it', () => {
    const store = createStore();
    const stop = store.sub(onlineAtom, () => undefined);
    expect(store.get(onlineAtom)).toBe(true);
    browserSays(false, 'offline');
    expect(store.get(onlineAtom)).toBe(false);
    browserSays(true, 'online');
    expect(store.get(onlineAtom)).toBe(true);
    stop();
  });

  it('reads the answer afresh when something starts reading it again', () => {
    const store = createStore();
    store.sub(onlineAtom, () => undefined)();
    browserSays(false, 'offline');
    const stop = store.sub(onlineAtom, () => undefined);
    expect(store.get(onlineAtom)).toBe(false);
    stop();
  });
});
