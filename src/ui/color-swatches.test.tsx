import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';

import { createI18n } from '../lib/i18n/i18n.ts';
import { ColorSwatches } from './color-swatches.tsx';

/** A parent that keeps the picked colour, as the editors and settings do. */
function Picked({ initial, picks }: { initial: string; picks: string[] }) {
  const [color, setColor] = useState(initial);
  return (
    <ColorSwatches
      label="Paper colour"
      value={color}
      onChange={(next) => {
        picks.push(next);
        setColor(next);
      }}
    />
  );
}

async function show(initial: string, picks: string[] = [], language: 'en-US' | 'de-DE' = 'en-US') {
  const i18n = await createI18n(language);
  render(
    <I18nextProvider i18n={i18n}>
      <Picked initial={initial} picks={picks} />
    </I18nextProvider>,
  );
}

describe('colour swatches', () => {
  it('are named radios in a labelled group, the stored colour checked whatever its case', async () => {
    await show('#f3e8ff');
    const group = screen.getByRole('group', { name: 'Paper colour' });
    expect(group).toBeTruthy();
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      '#FFF7D1',
      '#FFE4E1',
      '#E0F2FE',
      '#DCFCE7',
      '#F3E8FF',
      '#FDE68A',
      '#E5E7EB',
      '#1F2937',
    ]);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Lavender' }).checked).toBe(true);
  });

  it('show a tapped colour as chosen at once, and move the choice with the arrow keys', async () => {
    const picks: string[] = [];
    await show('#FFF7D1', picks);
    await userEvent.click(screen.getByRole('radio', { name: 'Mint' }));
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Mint' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Cream' }).checked).toBe(false);

    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Lavender' }).checked).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Lavender' }));
    expect(picks).toEqual(['#DCFCE7', '#F3E8FF']);
  });

  it('keep a stored colour that has no name, shown as custom and selectable again', async () => {
    const picks: string[] = [];
    await show('#c0ffee', picks);
    const custom = screen.getByRole<HTMLInputElement>('radio', { name: 'Custom (#c0ffee)' });
    expect(custom.checked).toBe(true);

    await userEvent.click(screen.getByRole('radio', { name: 'Sky blue' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Custom (#c0ffee)' }));
    expect(custom.checked).toBe(true);
    expect(picks).toEqual(['#E0F2FE', '#c0ffee']);
  });

  it('name the colours in German too', async () => {
    await show('#1F2937', [], 'de-DE');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Anthrazit' }).checked).toBe(true);
  });
});
