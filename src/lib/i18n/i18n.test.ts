import { describe, expect, it, vi } from 'vitest';

import { createI18n, DEFAULT_LANGUAGE, LANGUAGES, switchLanguage } from './i18n.ts';
import deDocuments from './locales/documents/de-DE.json';
import enDocuments from './locales/documents/en-US.json';
import deDE from './locales/de-DE.json';
import enUS from './locales/en-US.json';

/** Every leaf as path → value, arrays by index. */
function leaves(node: unknown, path = ''): Map<string, string> {
  const found = new Map<string, string>();
  if (typeof node === 'string') {
    found.set(path, node);
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      for (const [leaf, text] of leaves(value, path ? `${path}.${key}` : key)) found.set(leaf, text);
    }
  }
  return found;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

describe('translations', () => {
  it('defaults to en-US', async () => {
    const i18n = await createI18n();
    expect(i18n.language).toBe(DEFAULT_LANGUAGE);
    expect(i18n.t('error.title')).toBe('Something went wrong');
  });

  it('shows the key and warns when a translation is missing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const i18n = await createI18n();
    expect(i18n.t('no.such.key')).toBe('no.such.key');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('no.such.key'));
  });

  it('falls back to en-US for an unknown language', async () => {
    const i18n = await createI18n('xx-XX');
    expect(i18n.language).toBe('en-US');
  });

  it('loads German on request and switches back', async () => {
    const i18n = await createI18n('de-DE');
    expect(i18n.t('error.title')).toBe('Etwas ist schiefgelaufen');
    await switchLanguage(i18n, 'en-US');
    expect(i18n.t('error.title')).toBe('Something went wrong');
  });

  // The page texts loaded with their pages are part of each language too.
  const locales = { 'en-US': { ...enUS, ...enDocuments }, 'de-DE': { ...deDE, ...deDocuments } } as const;
  it('ships a file for every language', () => {
    expect(Object.keys(locales).sort()).toEqual(Object.keys(LANGUAGES).sort());
  });

  for (const [language, resources] of Object.entries(locales)) {
    it(`${language} has every key of en-US, no extra keys, no empty strings and the same placeholders`, () => {
      const reference = leaves(locales['en-US']);
      const translated = leaves(resources);
      expect([...translated.keys()].sort()).toEqual([...reference.keys()].sort());
      for (const [key, text] of translated) {
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(reference.get(key) ?? ''));
      }
    });
  }
});
