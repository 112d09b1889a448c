import type { SelectHTMLAttributes } from 'react';

import { FONT_CATALOG } from '../lib/fonts/font-catalog.ts';
import { SelectField } from './select-field.tsx';

const FONT_SIZES: readonly number[] = [12, 14, 16, 18, 20, 22, 24, 28, 32];

interface PickerProps<T> extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'value' | 'onChange'> {
  label: string;
  value: T;
  onChange: (value: T) => void;
}

/** Every font Murmur ships, plus the current one if it is not among them (set elsewhere), so it stays. */
export function FontSelect({ label, value, onChange, ...rest }: PickerProps<string>) {
  const names = FONT_CATALOG.map((font) => font.name);
  return (
    <SelectField label={label} value={value} onChange={(event) => onChange(event.target.value)} {...rest}>
      {(names.includes(value) ? names : [value, ...names]).map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </SelectField>
  );
}

/** The usual sizes, plus the current one if it is not among them. */
export function FontSizeSelect({ label, value, onChange, ...rest }: PickerProps<number>) {
  return (
    <SelectField
      label={label}
      value={String(value)}
      onChange={(event) => onChange(Number(event.target.value))}
      {...rest}
    >
      {(FONT_SIZES.includes(value) ? FONT_SIZES : [value, ...FONT_SIZES]).map((size) => (
        <option key={size} value={size}>
          {size}
        </option>
      ))}
    </SelectField>
  );
}
