import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { loadSupabase } from '../../lib/load-supabase.ts';
import styles from './auth-forms.module.css';
import { EmailField } from './email-field.tsx';
import { FormError } from './form-error.tsx';
import { useAuthAction } from './use-auth-action.ts';
import { emailProblem } from './validate-credentials.ts';

/** Sends the recovery email. The reply never says whether an account exists for the address. */
export function ForgotPasswordForm({ email, onEmail }: { email: string; onEmail: (email: string) => void }) {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { pending, error, run } = useAuthAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = emailProblem(email);
    setProblem(found);
    if (found) return;
    const ok = await run(async () =>
      (await loadSupabase()).auth.resetPasswordForEmail(email.trim(), {
        redirectTo: `${window.location.origin}/auth/reset-password`,
      }),
    );
    if (ok) setSent(true);
  };

  if (sent) {
    return (
      <p className={styles.notice} role="status">
        {t('auth.recoverySent', { email: email.trim() })}
      </p>
    );
  }

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-busy={pending}>
      <p>{t('auth.forgotIntro')}</p>
      <EmailField value={email} onChange={onEmail} problem={problem} />
      <FormError error={error} />
      <button type="submit" className="button button-primary" disabled={pending}>
        {t('auth.sendRecovery')}
      </button>
    </form>
  );
}
