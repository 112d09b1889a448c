import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { loadSupabase } from '../../lib/load-supabase.ts';
import styles from './auth-forms.module.css';
import { OneTimeCodeForm } from './one-time-code-form.tsx';
import { useAuth } from './use-auth.ts';
import { useAuthAction } from './use-auth-action.ts';
import { authenticatorCodeProblem } from './validate-credentials.ts';

/**
 * The second step of a sign-in when aal2 is next (product spec §4): the code from the authenticator
 * app. Verifying raises the session to aal2 (MFA_CHALLENGE_VERIFIED) and the guard takes the user on.
 */
export function MfaChallengeForm() {
  const { t } = useTranslation();
  const { mfaSession } = useAuth();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { pending, error, run } = useAuthAction();
  const factor = mfaSession?.user.factors?.find(
    (candidate) => candidate.status === 'verified' && candidate.factor_type === 'totp',
  );

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    const found = authenticatorCodeProblem(code);
    setProblem(found);
    if (found || !factor) return;
    await run(async () =>
      (await loadSupabase()).auth.mfa.challengeAndVerify({
        factorId: factor.id,
        code: code.replace(/\s/g, ''),
      }),
    );
  };

  const cancel = async () => {
    await run(async () => (await loadSupabase()).auth.signOut({ scope: 'local' }));
  };

  return (
    <div className={styles.panel}>
      <h2 className={styles.heading}>{t('auth.mfa.heading')}</h2>
      <p>{t('auth.mfa.intro')}</p>
      <OneTimeCodeForm
        className={styles.form}
        label={t('auth.mfa.code')}
        submitLabel={t('auth.mfa.verify')}
        code={code}
        onCode={setCode}
        onSubmit={(event) => void verify(event)}
        problem={problem ? t(problem) : null}
        error={error}
        pending={pending}
        ready={factor !== undefined}
      />
      <button type="button" className="button" onClick={() => void cancel()} disabled={pending}>
        {t('auth.mfa.cancel')}
      </button>
    </div>
  );
}
