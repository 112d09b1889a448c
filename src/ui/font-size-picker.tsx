import { useTranslation } from 'react-i18next';

import { SelectField } from './select-field.tsx';

const FONT_SIZES: readonly number[] = [12, 14, 16, 18, 20, 22, 24, 28, 32, 40];

interface FontSizePickerProps {
  label: string;
  value: number;
  onChange: (size: number) => void;
  disabled?: boolean;
}

/** The usual text sizes in px, plus the current one if it is not among them (set elsewhere), so it stays. */
export function FontSizePicker({ label, value, onChange, disabled = false }: FontSizePickerProps) {
  const { t } = useTranslation();
  const sizes = FONT_SIZES.includes(value) ? FONT_SIZES : [...FONT_SIZES, value].sort((a, b) => a - b);
  return (
    <SelectField
      label={label}
      value={String(value)}
      disabled={disabled}
      onChange={(event) => onChange(Number(event.target.value))}
    >
      {sizes.map((size) => (
        <option key={size} value={size}>
          {t('pickers.sizeValue', { size })}
        </option>
      ))}
    </SelectField>
  );
}
