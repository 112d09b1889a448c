import { describe, expect, it } from 'vitest';

import {
  clampHlc,
  formatHlc,
  isHlc,
  MAX_FUTURE_SKEW_MS,
  maxHlc,
  nextHlc,
  nodeFromClientId,
  parseHlc,
  ZERO_HLC,
} from './hlc.ts';
import { createPrng } from '../testing/sync/prng.ts';

const NODE_A = nodeFromClientId('0000000a-0000-7000-8000-00000000000a');
const NODE_B = nodeFromClientId('0000000b-0000-7000-8000-00000000000b');

describe('HLC', () => {
  it('[R10] is fixed-width, so string order is clock order (seeded fuzz)', () => {
    const prng = createPrng(7);
    for (let i = 0; i < 500; i++) {
      const a = {
        ms: prng.int(0, 2 ** 45),
        counter: prng.int(0, 999_999),
        node: prng.chance(0.5) ? NODE_A : NODE_B,
      };
      const b = {
        ms: prng.int(0, 2 ** 45),
        counter: prng.int(0, 999_999),
        node: prng.chance(0.5) ? NODE_A : NODE_B,
      };
      const byParts = a.ms - b.ms || a.counter - b.counter || a.node.localeCompare(b.node);
      expect(Math.sign(formatHlc(a) < formatHlc(b) ? -1 : formatHlc(a) > formatHlc(b) ? 1 : 0)).toBe(
        Math.sign(byParts),
      );
      expect(formatHlc(a)).toHaveLength(55);
      expect(parseHlc(formatHlc(a))).toEqual(a);
    }
  });

  it('[R10] the zero HLC is older than every stamped HLC', () => {
    expect(ZERO_HLC < formatHlc({ ms: 0, counter: 0, node: NODE_A })).toBe(true);
    expect(maxHlc(ZERO_HLC)).toBe(ZERO_HLC);
    expect(isHlc(ZERO_HLC)).toBe(false);
  });

  it('[R11] follows the wall clock when it is ahead and counts when it is not', () => {
    const first = nextHlc(ZERO_HLC, NODE_A, 1000);
    expect(parseHlc(first)).toEqual({ ms: 1000, counter: 0, node: NODE_A });
    const stalled = nextHlc(first, NODE_A, 900);
    expect(parseHlc(stalled)).toEqual({ ms: 1000, counter: 1, node: NODE_A });
    expect(parseHlc(nextHlc(stalled, NODE_A, 2000))).toEqual({ ms: 2000, counter: 0, node: NODE_A });
  });

  it('[R11] is strictly increasing whatever the wall clock does (seeded fuzz)', () => {
    const prng = createPrng(11);
    let last = ZERO_HLC;
    for (let i = 0; i < 2000; i++) {
      const next = nextHlc(last, NODE_A, prng.int(0, 10_000));
      expect(next > last).toBe(true);
      last = next;
    }
  });

  it('[R11] moves past an observed HLC from another node', () => {
    const remote = formatHlc({ ms: 5000, counter: 3, node: NODE_B });
    const next = nextHlc(maxHlc(formatHlc({ ms: 100, counter: 0, node: NODE_A }), remote), NODE_A, 200);
    expect(next > remote).toBe(true);
    expect(parseHlc(next).node).toBe(NODE_A);
  });

  it('[R12] clamps more than five minutes of future skew to server time, keeping counter and node', () => {
    const now = 1_000_000_000;
    const fast = formatHlc({ ms: now + MAX_FUTURE_SKEW_MS + 1, counter: 4, node: NODE_B });
    expect(parseHlc(clampHlc(fast, now))).toEqual({ ms: now, counter: 4, node: NODE_B });
    const within = formatHlc({ ms: now + MAX_FUTURE_SKEW_MS, counter: 0, node: NODE_B });
    expect(clampHlc(within, now)).toBe(within);
    expect(clampHlc(ZERO_HLC, now)).toBe(ZERO_HLC);
  });

  it('rejects malformed input', () => {
    expect(() => parseHlc('12-3')).toThrow();
    expect(() => nodeFromClientId('not-hex')).toThrow();
  });
});
