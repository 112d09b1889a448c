function channel(hex: string, offset: number): number {
  const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

/** Near-black or white, whichever contrasts more with a paper colour (both themes keep the colour). */
export function textColorOn(hex: string): string {
  const background = luminance(hex);
  const dark = (background + 0.05) / (luminance('#1A1A1A') + 0.05);
  const light = 1.05 / (background + 0.05);
  return dark >= light ? '#1A1A1A' : '#FFFFFF';
}
