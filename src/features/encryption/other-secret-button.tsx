import { useTranslation } from 'react-i18next';

import type { EnvelopeSecret } from './open-envelope-with-secret.ts';

/** "Use the recovery key instead" or "Use the passphrase instead": switches what the secret field asks for. */
export function OtherSecretButton({
  secret,
  disabled,
  onSwitch,
}: {
  secret: EnvelopeSecret;
  disabled: boolean;
  onSwitch: (next: EnvelopeSecret) => void;
}) {
  const { t } = useTranslation();
  const other: EnvelopeSecret = secret === 'passphrase' ? 'recovery' : 'passphrase';
  return (
    <button type="button" className="button" disabled={disabled} onClick={() => onSwitch(other)}>
      {t(`encryption.unlock.use.${other}`)}
    </button>
  );
}
