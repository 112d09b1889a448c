import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PAPER_COLORS } from './paper-colors.ts';
import styles from './pickers.module.css';

interface ColorSwatchesProps {
  label: string;
  value: string;
  onChange: (color: string) => void;
  disabled?: boolean;
}

function isNamed(color: string): boolean {
  return PAPER_COLORS.some((named) => named.value.toLowerCase() === color.toLowerCase());
}

/**
 * The named paper colours as radios, each a swatch with its name. A colour that is not among them
 * (chosen before the names existed, or elsewhere) is offered first as "Custom" for as long as the
 * picker is open, so picking another colour never loses it.
 */
export function ColorSwatches({ label, value, onChange, disabled = false }: ColorSwatchesProps) {
  const { t } = useTranslation();
  const group = useId();
  const [customAtOpen] = useState(() => (isNamed(value) ? null : value));
  const custom = isNamed(value) ? customAtOpen : value;
  const options = [
    ...(custom === null ? [] : [{ color: custom, name: t('pickers.customColor', { value: custom }) }]),
    ...PAPER_COLORS.map((named) => ({ color: named.value, name: t(`pickers.colors.${named.name}`) })),
  ];
  return (
    <fieldset className={styles.group} disabled={disabled}>
      <legend className={styles.legend}>{label}</legend>
      <div className={styles.options}>
        {options.map(({ color, name }) => (
          <label key={color} className={styles.option}>
            <input
              type="radio"
              name={group}
              value={color}
              checked={color.toLowerCase() === value.toLowerCase()}
              onChange={() => onChange(color)}
            />
            <span className={styles.swatch} style={{ backgroundColor: color }} aria-hidden="true" />
            {name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
