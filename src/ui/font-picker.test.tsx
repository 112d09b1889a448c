import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { FONT_CATALOG } from '../lib/fonts/font-catalog.ts';
import { FontPicker } from './font-picker.tsx';

function Picked({ initial }: { initial: string }) {
  const [font, setFont] = useState(initial);
  return <FontPicker label="Font" value={font} onChange={setFont} />;
}

describe('font picker', () => {
  it('writes every font’s name in that font, in a labelled group of radios', () => {
    render(<Picked initial="Montserrat" />);
    expect(screen.getByRole('group', { name: 'Font' })).toBeTruthy();
    for (const { name } of FONT_CATALOG) {
      const radio = screen.getByRole('radio', { name });
      const face = radio.closest('label')?.querySelector<HTMLElement>('[style]');
      expect(face?.style.fontFamily).toMatch(new RegExp(`^['"]?${name}['"]?,`));
    }
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Montserrat' }).checked).toBe(true);
  });

  it('checks a picked font at once, by pointer or by arrow keys', async () => {
    render(<Picked initial="Montserrat" />);
    await userEvent.click(screen.getByRole('radio', { name: 'Lora' }));
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Lora' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Montserrat' }).checked).toBe(false);

    await userEvent.keyboard('{ArrowRight}');
    const next = FONT_CATALOG[FONT_CATALOG.findIndex((font) => font.name === 'Lora') + 1]?.name ?? '';
    expect(screen.getByRole<HTMLInputElement>('radio', { name: next }).checked).toBe(true);
  });

  it('keeps a font set elsewhere that Murmur does not ship, checked and first', () => {
    render(<Picked initial="Comic Neue" />);
    const radios = screen.getAllByRole<HTMLInputElement>('radio');
    expect(radios[0]?.value).toBe('Comic Neue');
    expect(radios[0]?.checked).toBe(true);
  });
});
