import { describe, expect, it } from 'vitest';

import { MOOD_LEVELS } from './mood-levels.ts';

/** WCAG 2 relative luminance of '#rrggbb'. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('mood levels', () => {
  it.each(MOOD_LEVELS)('writes text on $key that keeps 4.5:1 contrast', ({ color, ink }) => {
    expect(contrast(color, ink)).toBeGreaterThanOrEqual(4.5);
  });
});
