import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import styles from './auth-forms.module.css';
import { EmailCodeForm } from './email-code-form.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { MfaChallengeForm } from './mfa-challenge-form.tsx';
import { PhoneCodeForm } from './phone-code-form.tsx';
import { ProviderButtons } from './provider-buttons.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';
import { SsoForm } from './sso-form.tsx';
import { useAuth } from './use-auth.ts';

export type AuthMode = 'signIn' | 'signUp' | 'code' | 'phone' | 'sso' | 'forgot';

const MODES: readonly AuthMode[] = ['signIn', 'signUp', 'code', 'phone', 'sso', 'forgot'];

interface AuthPanelProps {
  initialMode?: AuthMode;
  /** The same-app path to come back to after a provider or SSO sign-in. */
  returnTo?: string;
}

/**
 * The ways in, one at a time; the email typed carries over between them. A session still owing its
 * second factor sees only the code form.
 */
export function AuthPanel({ initialMode = 'signIn', returnTo = '/app' }: AuthPanelProps) {
  const { t } = useTranslation();
  const { mfaPending } = useAuth();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [email, setEmail] = useState('');
  const props = { email, onEmail: setEmail };
  if (mfaPending) return <MfaChallengeForm />;
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
      {mode === 'phone' ? <PhoneCodeForm key="phone" /> : null}
      {mode === 'sso' ? <SsoForm key="sso" returnTo={returnTo} /> : null}
      {mode === 'forgot' ? <ForgotPasswordForm key="forgot" {...props} /> : null}
      {mode === 'signIn' || mode === 'signUp' ? (
        <>
          <p className={styles.divider}>{t('auth.providers.or')}</p>
          <ProviderButtons returnTo={returnTo} />
        </>
      ) : null}
    </div>
  );
}
