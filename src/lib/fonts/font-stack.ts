import { findFont } from './font-catalog.ts';

/** Installed everywhere (or generic): never downloaded, used as they are (product spec §9). */
export const SYSTEM_FONT_NAMES: readonly string[] = [
  'Arial',
  'Helvetica',
  'Times New Roman',
  'Times',
  'Courier New',
  'Courier',
  'Verdana',
  'Georgia',
  'Palatino',
  'Garamond',
  'Bookman',
  'Trebuchet MS',
  'Impact',
  'system-ui',
  'sans-serif',
  'serif',
  'monospace',
];

const GENERIC_FAMILIES = new Set(['system-ui', 'sans-serif', 'serif', 'monospace']);
const SYSTEM_SERIF_FONTS = new Set([
  'serif',
  'times new roman',
  'times',
  'georgia',
  'palatino',
  'garamond',
  'bookman',
]);
const SYSTEM_MONO_FONTS = new Set(['monospace', 'courier new', 'courier']);

export const SANS_FALLBACK =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
export const SERIF_FALLBACK = "Georgia, 'Times New Roman', Times, serif";
export const MONO_FALLBACK = "ui-monospace, 'SFMono-Regular', Menlo, Consolas, 'Courier New', monospace";

/** Product spec §5: a font name must be a non-empty string. */
export function validateFontName(name: unknown): string {
  if (typeof name !== 'string' || name.trim() === '') {
    throw new TypeError('A font name must be a non-empty string.');
  }
  return name.trim();
}

export function isSystemFont(name: string): boolean {
  const lower = name.trim().toLowerCase();
  return SYSTEM_FONT_NAMES.some((system) => system.toLowerCase() === lower);
}

/** The fallback that best matches a font while it loads, or if it never does. */
function fallbackFor(name: string): string {
  const lower = name.trim().toLowerCase();
  const category = findFont(name)?.category;
  if (category === 'serif' || category === 'display' || SYSTEM_SERIF_FONTS.has(lower)) return SERIF_FALLBACK;
  if (category === 'mono' || SYSTEM_MONO_FONTS.has(lower)) return MONO_FALLBACK;
  return SANS_FALLBACK;
}

/** A CSS font-family value: the font itself, quoted, then its fallback stack. */
export function fontStack(name: string): string {
  const font = validateFontName(name);
  if (GENERIC_FAMILIES.has(font.toLowerCase())) return `${font.toLowerCase()}, ${fallbackFor(font)}`;
  return `'${font.replace(/['\\]/g, '')}', ${fallbackFor(font)}`;
}
