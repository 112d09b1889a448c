import { useId } from 'react';

import { FONT_CATALOG } from '../lib/fonts/font-catalog.ts';
import { useFont } from '../lib/fonts/use-font.ts';
import styles from './pickers.module.css';

interface FontPickerProps {
  label: string;
  value: string;
  onChange: (font: string) => void;
  disabled?: boolean;
}

/**
 * Every font Murmur ships as a group of radios, each name written in its own face, plus the current
 * font if it is not among them (set elsewhere), so a person's choice stays.
 */
export function FontPicker({ label, value, onChange, disabled = false }: FontPickerProps) {
  const group = useId();
  const names = FONT_CATALOG.map((font) => font.name);
  const fonts = names.includes(value) ? names : [value, ...names];
  return (
    <fieldset className={styles.group} disabled={disabled}>
      <legend className={styles.legend}>{label}</legend>
      <div className={styles.options}>
        {fonts.map((font) => (
          <FontOption key={font} group={group} font={font} checked={font === value} onPick={onChange} />
        ))}
      </div>
    </fieldset>
  );
}

function FontOption({
  group,
  font,
  checked,
  onPick,
}: {
  group: string;
  font: string;
  checked: boolean;
  onPick: (font: string) => void;
}) {
  const family = useFont(font);
  return (
    <label className={styles.option}>
      <input type="radio" name={group} value={font} checked={checked} onChange={() => onPick(font)} />
      <span className={styles.check} aria-hidden="true">
        ✓
      </span>
      <span className={styles.fontName} style={{ fontFamily: family }}>
        {font}
      </span>
    </label>
  );
}
