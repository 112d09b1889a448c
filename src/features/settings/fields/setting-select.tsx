import { SelectField } from '../../../ui/select-field.tsx';
import { useSettings } from '../use-settings.ts';
import type { StringSettingKey } from './setting-keys.ts';

export interface SettingOption {
  value: string;
  label: string;
}

/**
 * A select bound to one text setting. A stored value that is not among the options (set by a newer
 * version of Murmur, or by hand) is still shown, so opening the page never changes it.
 */
export function SettingSelect({
  field,
  label,
  hint,
  options,
}: {
  field: StringSettingKey;
  label: string;
  hint?: string;
  options: readonly SettingOption[];
}) {
  const { settings, update } = useSettings();
  const value = settings[field];
  const shown = options.some((option) => option.value === value)
    ? options
    : [...options, { value, label: value }];
  return (
    <SelectField
      label={label}
      hint={hint}
      value={value}
      onChange={(event) => void update({ [field]: event.target.value })}
    >
      {shown.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
}
