import { useTranslation } from 'react-i18next';

import type { Note } from '../../db/entities/note.ts';
import { FONT_CATALOG } from '../../lib/fonts/font-catalog.ts';
import { SelectField } from '../../ui/select-field.tsx';
import { NOTE_COLORS } from './note-colors.ts';
import styles from './notes.module.css';

const NOTE_FONT_SIZES: readonly number[] = [12, 14, 16, 18, 20, 24, 28, 32, 40];

type Style = Pick<Note, 'font' | 'color' | 'font_size'>;

/** Font, colour and size of one note; a value not in the lists (set elsewhere) stays selectable. */
export function NoteStylePickers({
  value,
  onChange,
}: {
  value: Style;
  onChange: (patch: Partial<Style>) => void;
}) {
  const { t } = useTranslation();
  const fonts = FONT_CATALOG.map((font) => font.name);
  const sizes = NOTE_FONT_SIZES.includes(value.font_size)
    ? NOTE_FONT_SIZES
    : [...NOTE_FONT_SIZES, value.font_size].sort((a, b) => a - b);
  const colors = NOTE_COLORS.some((color) => color.value.toLowerCase() === value.color.toLowerCase())
    ? NOTE_COLORS
    : [{ value: value.color, name: '' }, ...NOTE_COLORS];
  return (
    <div className={styles.pickers}>
      <SelectField
        label={t('notes.style.font')}
        value={value.font}
        onChange={(event) => onChange({ font: event.target.value })}
      >
        {fonts.includes(value.font) ? null : <option value={value.font}>{value.font}</option>}
        {fonts.map((font) => (
          <option key={font} value={font}>
            {font}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('notes.style.size')}
        value={String(value.font_size)}
        onChange={(event) => onChange({ font_size: Number(event.target.value) })}
      >
        {sizes.map((size) => (
          <option key={size} value={size}>
            {t('notes.style.sizeValue', { size })}
          </option>
        ))}
      </SelectField>
      <fieldset className={styles.colors}>
        <legend>{t('notes.style.color')}</legend>
        {colors.map(({ value: color, name }) => (
          <label key={color} className={styles.swatch} style={{ backgroundColor: color }}>
            <input
              type="radio"
              name="note-color"
              value={color}
              checked={color.toLowerCase() === value.color.toLowerCase()}
              onChange={() => onChange({ color })}
            />
            <span className={styles.visuallyHidden}>{name ? t(`notes.colors.${name}`) : color}</span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}
