import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';

import { createI18n } from '../../lib/i18n/i18n.ts';
import { UpdatePrompt } from './update-prompt.tsx';
import { waitingUpdateAtom } from './waiting-update-atom.ts';

async function renderPrompt() {
  const store = createStore();
  const i18n = await createI18n();
  render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <UpdatePrompt />
      </I18nextProvider>
    </Provider>,
  );
  return store;
}

describe('UpdatePrompt', () => {
  it('announces a version the service worker holds ready, and reloads into it when asked', async () => {
    const store = await renderPrompt();
    expect(screen.queryByRole('status')).toBeNull();
    let applied = 0;
    store.set(waitingUpdateAtom, {
      apply: async () => {
        applied += 1;
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Reload to update' }));
    expect(applied).toBe(1);
  });

  it('"Later" puts the prompt away and keeps the current version', async () => {
    const store = await renderPrompt();
    store.set(waitingUpdateAtom, { apply: () => Promise.reject(new Error('not asked')) });
    await userEvent.click(await screen.findByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(store.get(waitingUpdateAtom)).toBeNull();
  });
});
