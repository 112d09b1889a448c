import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { createI18n } from '../../lib/i18n/i18n.ts';
import { openTestNotesData } from '../../testing/notes-test-harness.tsx';
import { ExportSection } from './export-section.tsx';
import { ImportSection } from './import-section.tsx';

describe('export and import errors in German', () => {
  let data: Awaited<ReturnType<typeof openTestNotesData>>;
  beforeEach(async () => {
    data = await openTestNotesData();
  });
  afterEach(() => {
    data.db.close();
  });

  async function renderGerman(ui: ReactNode) {
    const i18n = await createI18n('de-DE');
    return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
  }

  it('says a damaged zip is damaged in German and keeps the zip reader’s words under "Technische Details"', async () => {
    const user = userEvent.setup();
    await renderGerman(<ImportSection userData={data} />);
    const damaged = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6])], 'journal.zip');
    await user.upload(screen.getByLabelText('Datei zum Importieren wählen'), damaged);

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/Diese Datei ist beschädigt oder unvollständig/)).toBeTruthy();
    const details = within(alert).getByText('Technische Details').closest('details');
    expect(details?.open).toBe(false);
    expect(details?.textContent).toMatch(/end of central directory/);
  });

  it('says an export that failed in German, with the error’s own words only under "Technische Details"', async () => {
    const user = userEvent.setup();
    await renderGerman(<ExportSection userData={data} />);
    data.db.close();
    await user.click(screen.getByRole('button', { name: 'Journal exportieren' }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/^Der Export ist fehlgeschlagen\./)).toBeTruthy();
    const details = within(alert).getByText('Technische Details').closest('details');
    expect(details?.open).toBe(false);
    expect(details?.textContent).toMatch(/closed/i);
    expect(alert.firstElementChild?.textContent).not.toMatch(/closed/i);
  });

  it('names each record a Daylio file could not give and why, in German, with the raw reason closed', async () => {
    const user = userEvent.setup();
    await renderGerman(<ImportSection userData={data} />);
    const csv = new Uint8Array(readFileSync(resolve('src/features/export/fixtures/daylio.csv')));
    await user.upload(
      screen.getByLabelText('Datei zum Importieren wählen'),
      new File([csv], 'daylio_export.csv', { type: 'text/csv' }),
    );

    const summary = await screen.findByText('1 Datensatz konnte nicht gelesen werden und wird übersprungen');
    const line = summary.closest('details')?.querySelector('li');
    expect(line?.textContent).toBe(
      'Zeile 5: Seine Stimmung „sleepy“ ist keine von rad, good, meh, bad, awful.',
    );
  });
});
