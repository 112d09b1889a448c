import { useTranslation } from 'react-i18next';

import { TextField } from '../../ui/text-field.tsx';

/** The email input every way in shares; `problem` is a translation key. */
export function EmailField({
  value,
  onChange,
  problem,
  label,
}: {
  value: string;
  onChange: (email: string) => void;
  problem: string | null;
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={label ?? t('auth.fields.email')}
      type="email"
      autoComplete="email"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={problem ? t(problem) : null}
    />
  );
}
