import { useTranslation } from 'react-i18next';

import { TextField } from '../../ui/text-field.tsx';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

/** A new password with its hint and live strength feedback; `problem` is a translation key. */
export function NewPasswordField({
  value,
  onChange,
  problem,
}: {
  value: string;
  onChange: (password: string) => void;
  problem: string | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('auth.fields.newPassword')}
        type="password"
        autoComplete="new-password"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        hint={t('auth.passwordHint')}
        error={problem ? t(problem) : null}
      />
      <PasswordStrengthMeter password={value} />
    </>
  );
}
