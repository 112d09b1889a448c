import { describe, expect, it, vi } from 'vitest';

import { createI18n, DEFAULT_LANGUAGE } from './i18n.ts';
import enUS from './locales/en-US.json';

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

  it('has no empty strings', () => {
    const empty: string[] = [];
    const visit = (node: unknown, path: string) => {
      if (typeof node === 'string') {
        if (node.trim() === '') empty.push(path);
      } else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) visit(value, path ? `${path}.${key}` : key);
      }
    };
    visit(enUS, '');
    expect(empty).toEqual([]);
  });
});
