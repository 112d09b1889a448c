import { useTranslation } from 'react-i18next';

import styles from './auth-forms.module.css';
import { passwordStrength } from './password-strength.ts';

const LEVEL = { tooShort: 0, weak: 1, fair: 2, strong: 3 } as const;

/** Strength in words (announced politely) and as a bar; colour is never the only cue. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation();
  if (password === '') return null;
  const strength = passwordStrength(password);
  return (
    <div className={styles.strength} data-strength={strength}>
      <meter min={0} max={3} low={1.5} high={2.5} optimum={3} value={LEVEL[strength]} aria-hidden="true" />
      <p aria-live="polite">{t(`auth.strength.${strength}`)}</p>
    </div>
  );
}
