import { useTranslation } from 'react-i18next';

import { TextField } from '../../ui/text-field.tsx';
import type { EnvelopeSecret } from './open-envelope-with-secret.ts';

/**
 * The field for the passphrase or the recovery key. OtherSecretButton switches between them (and
 * the form empties the field: the other secret is typed afresh).
 */
export function EnvelopeSecretField({
  secret,
  value,
  onChange,
  error,
  disabled,
}: {
  secret: EnvelopeSecret;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      key={secret}
      label={t(`encryption.unlock.label.${secret}`)}
      type={secret === 'passphrase' ? 'password' : 'text'}
      autoComplete={secret === 'passphrase' ? 'current-password' : 'off'}
      spellCheck={false}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      disabled={disabled}
    />
  );
}
