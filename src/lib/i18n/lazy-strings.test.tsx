import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { describe, expect, it } from 'vitest';

import { createI18n } from './i18n.ts';
import { lazyStrings, useStringsReady, type StringsReady } from './lazy-strings.ts';

function Greeting({ ready, name }: { ready: StringsReady; name: string }) {
  useStringsReady(ready);
  const { t } = useTranslation();
  return <p>{`${name}: ${t('extra.hello')}`}</p>;
}

describe('texts loaded apart', () => {
  it('load once per instance and language, however many components wait for them', async () => {
    const i18n = await createI18n();
    const calls: string[] = [];
    const ready = lazyStrings({
      'en-US': () => {
        calls.push('en-US');
        return Promise.resolve({ default: { extra: { hello: 'Hello' } } });
      },
      'de-DE': () => {
        calls.push('de-DE');
        return Promise.resolve({ default: { extra: { hello: 'Hallo' } } });
      },
    });
    // An async act: React retries a render suspended on `use` only once the act around it settles.
    await act(async () => {
      render(
        <I18nextProvider i18n={i18n}>
          <Suspense fallback={<p>loading</p>}>
            <Greeting ready={ready} name="first" />
            <Greeting ready={ready} name="second" />
          </Suspense>
        </I18nextProvider>,
      );
    });
    expect(await screen.findByText('first: Hello')).toBeTruthy();
    expect(screen.getByText('second: Hello')).toBeTruthy();
    expect(calls).toEqual(['en-US']);
  });

  it('merge into what the instance has, so a section split across files keeps both halves', async () => {
    const i18n = await createI18n();
    const before = i18n.t('settings.toast.updated');
    const ready = lazyStrings({
      'en-US': () => Promise.resolve({ default: { settings: { extraLabel: 'More' } } }),
      'de-DE': () => Promise.resolve({ default: {} }),
    });
    await ready(i18n, 'en-US');
    expect(i18n.t('settings.extraLabel')).toBe('More');
    expect(i18n.t('settings.toast.updated')).toBe(before);
  });

  it('try again after a failed load', async () => {
    const i18n = await createI18n();
    let attempts = 0;
    const ready = lazyStrings({
      'en-US': () => {
        attempts += 1;
        return attempts === 1
          ? Promise.reject(new Error('offline'))
          : Promise.resolve({ default: { extra: { hello: 'Hello' } } });
      },
      'de-DE': () => Promise.resolve({ default: {} }),
    });
    await expect(ready(i18n, 'en-US')).rejects.toThrow('offline');
    await ready(i18n, 'en-US');
    expect(i18n.t('extra.hello')).toBe('Hello');
  });
});
