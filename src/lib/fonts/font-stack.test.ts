import { describe, expect, it } from 'vitest';

import { FONT_CATALOG } from './font-catalog.ts';
import {
  fontStack,
  isSystemFont,
  MONO_FALLBACK,
  SANS_FALLBACK,
  SERIF_FALLBACK,
  SYSTEM_FONT_NAMES,
  validateFontName,
} from './font-stack.ts';

describe('font stacks', () => {
  it('ships the fonts of the spec defaults and the preloaded ones', () => {
    const names = FONT_CATALOG.map((font) => font.name);
    for (const name of ['Abril Fatface', 'Montserrat', 'Architects Daughter', 'Inter', 'Playfair Display']) {
      expect(names).toContain(name);
    }
  });

  it('falls back to a serif stack for serif and display fonts and to sans otherwise', () => {
    expect(fontStack('Playfair Display')).toBe(`'Playfair Display', ${SERIF_FALLBACK}`);
    expect(fontStack('Abril Fatface')).toBe(`'Abril Fatface', ${SERIF_FALLBACK}`);
    expect(fontStack('Georgia')).toBe(`'Georgia', ${SERIF_FALLBACK}`);
    expect(fontStack('Montserrat')).toBe(`'Montserrat', ${SANS_FALLBACK}`);
    expect(fontStack('Architects Daughter')).toBe(`'Architects Daughter', ${SANS_FALLBACK}`);
    expect(fontStack('Courier New')).toBe(`'Courier New', ${MONO_FALLBACK}`);
    expect(fontStack('Some Font Nobody Has')).toBe(`'Some Font Nobody Has', ${SANS_FALLBACK}`);
  });

  it('uses generic families as keywords, not quoted names', () => {
    expect(fontStack('serif')).toBe(`serif, ${SERIF_FALLBACK}`);
    expect(fontStack('system-ui')).toBe(`system-ui, ${SANS_FALLBACK}`);
  });

  it('never lets a font name break out of its quotes', () => {
    expect(fontStack("Evil'; color: red")).toBe(`'Evil; color: red', ${SANS_FALLBACK}`);
  });

  it('knows the system font names of the spec, case-insensitively', () => {
    expect(SYSTEM_FONT_NAMES).toHaveLength(17);
    expect(isSystemFont('trebuchet ms')).toBe(true);
    expect(isSystemFont('Montserrat')).toBe(false);
  });

  it('rejects a font name that is not a non-empty string', () => {
    for (const bad of ['', '   ', null, undefined, 42]) {
      expect(() => validateFontName(bad)).toThrow('A font name must be a non-empty string.');
    }
    expect(validateFontName('  Inter ')).toBe('Inter');
  });
});
