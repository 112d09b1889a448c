import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import styles from './auth-forms.module.css';
import { EmailCodeForm } from './email-code-form.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';

export type AuthMode = 'signIn' | 'signUp' | 'code' | 'forgot';

const MODES: readonly AuthMode[] = ['signIn', 'signUp', 'code', 'forgot'];

/** The ways in, one at a time; the email typed carries over between them. */
export function AuthPanel({ initialMode = 'signIn' }: { initialMode?: AuthMode }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [email, setEmail] = useState('');
  const props = { email, onEmail: setEmail };
  return (
    <div className={styles.panel}>
      <nav className={styles.modes} aria-label={t('auth.modesLabel')}>
        {MODES.map((option) => (
          <button
            key={option}
            type="button"
            className={styles.mode}
            aria-pressed={mode === option}
            onClick={() => setMode(option)}
          >
            {t(`auth.modes.${option}`)}
          </button>
        ))}
      </nav>
      <h2 className={styles.heading}>{t(`auth.modes.${mode}`)}</h2>
      {mode === 'signIn' ? <SignInForm key="signIn" {...props} /> : null}
      {mode === 'signUp' ? <SignUpForm key="signUp" {...props} /> : null}
      {mode === 'code' ? <EmailCodeForm key="code" {...props} /> : null}
      {mode === 'forgot' ? <ForgotPasswordForm key="forgot" {...props} /> : null}
    </div>
  );
}
