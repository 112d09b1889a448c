import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';

import { createI18n } from '../../lib/i18n/i18n.ts';
import { SyncStatusStore } from '../../sync/sync-status.ts';
import { SyncContext } from '../data/sync-context.ts';
import SyncStatusIndicator from './sync-status-indicator.tsx';

/** The indicator in German over `status`, as the layout shows it. */
async function showInGerman(status: SyncStatusStore): Promise<void> {
  const i18n = await createI18n('de-DE');
  render(
    <I18nextProvider i18n={i18n}>
      <SyncContext.Provider
        value={{ status, syncNow: () => Promise.resolve(), notifyLocalWrite: () => undefined }}
      >
        <SyncStatusIndicator />
      </SyncContext.Provider>
    </I18nextProvider>,
  );
}

describe('SyncStatusIndicator in German', () => {
  it('says why sync failed in German and keeps the server’s English words under "Technische Details"', async () => {
    const user = userEvent.setup();
    const status = new SyncStatusStore();
    status.set({
      state: 'error',
      pending: 1,
      error: { kind: 'server', message: 'push failed: 500 internal error' },
    });
    await showInGerman(status);

    await user.click(screen.getByRole('button', { name: /Sync-Problem/ }));
    const panel = screen.getByRole('group', { name: 'Details zur Synchronisierung' });
    expect(
      within(panel).getByText('Der Server hatte ein Problem. Murmur versucht es gleich noch einmal.'),
    ).toBeTruthy();
    const disclosure = within(panel).getByText('Technische Details').closest('details');
    expect(disclosure?.open).toBe(false);
    expect(disclosure?.textContent).toContain('push failed: 500 internal error');
    expect(panel.textContent).not.toMatch(/Details: /);
  });

  it('[R47] a locked device with changes waiting says they wait for the unlock, never that all is synced', async () => {
    const user = userEvent.setup();
    const status = new SyncStatusStore();
    status.set({ state: 'up_to_date', pending: 2, locked: true });
    await showInGerman(status);

    await user.click(screen.getByRole('button', { name: /Gesperrt/ }));
    const panel = screen.getByRole('group', { name: 'Details zur Synchronisierung' });
    expect(panel.textContent).toContain(
      'Dein Tagebuch ist verschlüsselt und auf diesem Gerät nicht entsperrt.',
    );
    expect(panel.textContent).not.toContain('Alle deine Änderungen sind synchronisiert.');
  });
});
