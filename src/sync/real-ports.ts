/**
 * The real ports: the ONE file in src/db and src/sync allowed to read the wall clock, draw random
 * numbers, start timers and call browser APIs directly (eslint.config.js enforces it). Everything else
 * receives these through EnginePorts / DbPorts, so tests can drive time, randomness and the network.
 */
import type { Clock, IdSource } from '../db/ports.ts';
import { uuidV7 } from '../db/uuid-v7.ts';
import type { Connectivity, LockPort, Random, Timers } from './ports.ts';

export const realClock: Clock = {
  now: () => Date.now(),
  timeZone: () => Intl.DateTimeFormat().resolvedOptions().timeZone,
};

export const realRandom: Random = () => Math.random();

export const realIds: IdSource = {
  next: () => uuidV7(Date.now(), crypto.getRandomValues(new Uint8Array(10))),
};

export const realTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as Parameters<typeof clearTimeout>[0]),
};

export const browserConnectivity: Connectivity = {
  isOnline: () => navigator.onLine,
  subscribe(listener) {
    const online = () => listener(true);
    const offline = () => listener(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  },
};

/** navigator.locks (every browser Murmur supports has it). */
export const webLocks: LockPort = {
  request: (name, options, callback) =>
    navigator.locks.request(
      name,
      { ifAvailable: options.ifAvailable ?? false, steal: options.steal ?? false },
      (lock) => callback(lock),
    ),
};
