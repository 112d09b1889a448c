import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import styles from './auth-forms.module.css';
import type { AuthMode } from './auth-mode.ts';
import { EmailCodeForm } from './email-code-form.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { MfaChallengeForm } from './mfa-challenge-form.tsx';
import { MoreWaysToSignIn } from './more-ways-to-sign-in.tsx';
import { PhoneCodeForm } from './phone-code-form.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';
import { SsoForm } from './sso-form.tsx';
import { useAuth } from './use-auth.ts';

interface AuthPanelProps {
  initialMode?: AuthMode;
  /** The same-app path to come back to after a provider or SSO sign-in. */
  returnTo?: string;
}

/**
 * Email and password first, with the switch to creating an account; every other way in waits behind
 * "More ways to sign in". The email typed carries over between the ways. A session still owing its
 * second factor sees only the code form.
 */
export function AuthPanel({ initialMode = 'signIn', returnTo = '/app' }: AuthPanelProps) {
  const { t } = useTranslation();
  const { mfaPending } = useAuth();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [email, setEmail] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  // Only a way the person chose moves focus, so that opening /auth leaves focus where the page put it.
  const chosen = useRef(false);
  useEffect(() => {
    if (!chosen.current) return;
    chosen.current = false;
    heading.current?.focus();
  }, [mode]);
  const choose = (next: AuthMode) => {
    chosen.current = true;
    setMode(next);
  };
  const props = { email, onEmail: setEmail };
  if (mfaPending) return <MfaChallengeForm />;
  return (
    <div className={styles.panel}>
      <h2 ref={heading} tabIndex={-1} className={styles.heading}>
        {t(`auth.modes.${mode}`)}
      </h2>
      {mode === 'signIn' ? <SignInForm key="signIn" {...props} /> : null}
      {mode === 'signUp' ? <SignUpForm key="signUp" {...props} /> : null}
      {mode === 'code' ? <EmailCodeForm key="code" {...props} /> : null}
      {mode === 'phone' ? <PhoneCodeForm key="phone" /> : null}
      {mode === 'sso' ? <SsoForm key="sso" returnTo={returnTo} /> : null}
      {mode === 'forgot' ? <ForgotPasswordForm key="forgot" {...props} /> : null}
      <div className={styles.switches}>
        {mode === 'signIn' ? (
          <>
            <button type="button" className={styles.switch} onClick={() => choose('forgot')}>
              {t('auth.modes.forgot')}
            </button>
            <p>
              {t('auth.switch.newHere')}{' '}
              <button type="button" className={styles.switch} onClick={() => choose('signUp')}>
                {t('auth.modes.signUp')}
              </button>
            </p>
          </>
        ) : mode === 'signUp' ? (
          <p>
            {t('auth.switch.haveAccount')}{' '}
            <button type="button" className={styles.switch} onClick={() => choose('signIn')}>
              {t('auth.modes.signIn')}
            </button>
          </p>
        ) : (
          <button type="button" className={styles.switch} onClick={() => choose('signIn')}>
            {t('auth.switch.withPassword')}
          </button>
        )}
      </div>
      <MoreWaysToSignIn current={mode} onChoose={choose} returnTo={returnTo} />
    </div>
  );
}
