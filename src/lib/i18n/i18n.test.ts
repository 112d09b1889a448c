import { describe, expect, it, vi } from 'vitest';

import { createI18n, DEFAULT_LANGUAGE, LANGUAGES, screenStringsReady, switchLanguage } from './i18n.ts';
import deDocuments from './locales/documents/de-DE.json';
import enDocuments from './locales/documents/en-US.json';
import deDE from './locales/de-DE.json';
import enUS from './locales/en-US.json';
import deScreens from './locales/screens/de-DE.json';
import enScreens from './locales/screens/en-US.json';

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

  // The screens' texts and the page texts, each loaded apart, are part of each language too; a text is
  // in exactly one of a language's files.
  const files = {
    'en-US': [enUS, enScreens, enDocuments],
    'de-DE': [deDE, deScreens, deDocuments],
  } as const;
  const locales = Object.fromEntries(
    Object.entries(files).map(([language, parts]) => {
      const merged = new Map<string, string>();
      for (const part of parts) {
        for (const [key, text] of leaves(part)) {
          if (merged.has(key)) throw new Error(`${language}: "${key}" is in two files`);
          merged.set(key, text);
        }
      }
      return [language, merged];
    }),
  );
  it('ships a file for every language', () => {
    expect(Object.keys(locales).sort()).toEqual(Object.keys(LANGUAGES).sort());
  });

  it('has every text at once by default, and the screens’ texts later when asked to load them apart', async () => {
    const complete = await createI18n();
    expect(complete.t('notes.untitled')).toBe(enScreens.notes.untitled);
    const shellFirst = await createI18n('en-US', { screenStrings: 'in-background' });
    expect(shellFirst.t('error.title')).toBe('Something went wrong');
    await screenStringsReady(shellFirst, 'en-US');
    expect(shellFirst.t('notes.untitled')).toBe(enScreens.notes.untitled);
    // A section split between the shell and the screens keeps both halves.
    expect(shellFirst.t('settings.toast.updated')).toBe(enUS.settings.toast.updated);
    expect(shellFirst.t('settings.theme.label')).toBe(enScreens.settings.theme.label);
  });

  it('loads German screens with German, whichever came first', async () => {
    const i18n = await createI18n('en-US', { screenStrings: 'in-background' });
    await switchLanguage(i18n, 'de-DE');
    expect(i18n.t('error.title')).toBe('Etwas ist schiefgelaufen');
    expect(i18n.t('notes.untitled')).toBe(deScreens.notes.untitled);
    expect(i18n.t('settings.toast.updated')).toBe(deDE.settings.toast.updated);
  });

  for (const [language, translated] of Object.entries(locales)) {
    it(`${language} has every key of en-US, no extra keys, no empty strings and the same placeholders`, () => {
      const reference = locales['en-US'] ?? new Map<string, string>();
      expect([...translated.keys()].sort()).toEqual([...reference.keys()].sort());
      for (const [key, text] of translated) {
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(reference.get(key) ?? ''));
      }
    });
  }
});
