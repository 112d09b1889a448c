import { useTranslation } from 'react-i18next';

import type { Note } from '../../db/entities/note.ts';
import { ColorSwatches } from '../../ui/color-swatches.tsx';
import { FontPicker } from '../../ui/font-picker.tsx';
import { FontSizePicker } from '../../ui/font-size-picker.tsx';
import styles from './notes.module.css';

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
  return (
    <div className={styles.pickers}>
      <FontPicker label={t('notes.style.font')} value={value.font} onChange={(font) => onChange({ font })} />
      <FontSizePicker
        label={t('notes.style.size')}
        value={value.font_size}
        onChange={(font_size) => onChange({ font_size })}
      />
      <ColorSwatches
        label={t('notes.style.color')}
        value={value.color}
        onChange={(color) => onChange({ color })}
      />
    </div>
  );
}
