import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

import deDE from '../../lib/i18n/locales/screens/de-DE.json';
import enUS from '../../lib/i18n/locales/screens/en-US.json';
import { homeGreetingText } from './home-greeting-text.ts';

async function translator(language: 'en-US' | 'de-DE') {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    resources: { 'en-US': { translation: enUS }, 'de-DE': { translation: deDE } },
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

/** A local time on an ordinary day: the greeting reads the device's hour, not UTC's. */
const at = (hour: number, minute = 0) => new Date(2026, 10, 22, hour, minute);

describe('home greeting', () => {
  it('greets by name by the local time of day', async () => {
    const t = await translator('en-US');
    expect(homeGreetingText(t, at(7), 'Ana')).toBe('Good morning, Ana');
    expect(homeGreetingText(t, at(11, 59), 'Ana')).toBe('Good morning, Ana');
    expect(homeGreetingText(t, at(12), 'Ana')).toBe('Good afternoon, Ana');
    expect(homeGreetingText(t, at(18), 'Ana')).toBe('Good evening, Ana');
    expect(homeGreetingText(t, at(23, 30), 'Ana')).toBe('Hello, Ana');
    expect(homeGreetingText(t, at(4), 'Ana')).toBe('Hello, Ana');
    expect(homeGreetingText(t, at(5), 'Ana')).toBe('Good morning, Ana');
  });

  it('greets without a name when none is set, and never with an email address', async () => {
    const t = await translator('en-US');
    expect(homeGreetingText(t, at(9), '')).toBe('Good morning');
    expect(homeGreetingText(t, at(15), '   ')).toBe('Good afternoon');
    expect(homeGreetingText(t, at(20), 'ana@example.com')).toBe('Good evening');
    expect(homeGreetingText(t, at(9), '  Ana  ')).toBe('Good morning, Ana');
  });

  it('greets in German', async () => {
    const t = await translator('de-DE');
    expect(homeGreetingText(t, at(8), 'Jonas')).toBe('Guten Morgen, Jonas');
    expect(homeGreetingText(t, at(14), '')).toBe('Guten Tag');
    expect(homeGreetingText(t, at(19), 'Jonas')).toBe('Guten Abend, Jonas');
  });
});
