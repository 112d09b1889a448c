import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { loadSupabase } from '../../lib/load-supabase.ts';
import styles from './auth-forms.module.css';
import { EmailField } from './email-field.tsx';
import { FormError } from './form-error.tsx';
import { OneTimeCodeForm } from './one-time-code-form.tsx';
import { useAuthAction } from './use-auth-action.ts';
import { codeProblem, emailProblem } from './validate-credentials.ts';

/** Passwordless: a six-digit code (or the link in the same email) signs the user in. */
export function EmailCodeForm({ email, onEmail }: { email: string; onEmail: (email: string) => void }) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { pending, error, run } = useAuthAction();

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const found = emailProblem(email);
    setProblem(found);
    if (found) return;
    const address = email.trim();
    const ok = await run(async () =>
      (await loadSupabase()).auth.signInWithOtp({
        email: address,
        options: { shouldCreateUser: true, emailRedirectTo: `${window.location.origin}/auth` },
      }),
    );
    if (ok) setSentTo(address);
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    const found = codeProblem(code);
    setProblem(found);
    if (found || !sentTo) return;
    await run(async () =>
      (await loadSupabase()).auth.verifyOtp({ email: sentTo, token: code.trim(), type: 'email' }),
    );
  };

  if (sentTo) {
    return (
      <OneTimeCodeForm
        className={styles.form}
        label={t('auth.fields.code')}
        submitLabel={t('auth.verifyCode')}
        code={code}
        onCode={setCode}
        onSubmit={(event) => void verify(event)}
        problem={problem ? t(problem) : null}
        error={error}
        pending={pending}
      >
        <p className={styles.notice} role="status">
          {t('auth.codeSent', { email: sentTo })}
        </p>
      </OneTimeCodeForm>
    );
  }

  return (
    <form className={styles.form} onSubmit={(event) => void send(event)} noValidate aria-busy={pending}>
      <EmailField value={email} onChange={onEmail} problem={problem} />
      <FormError error={error} />
      <button type="submit" className="button button-primary" disabled={pending}>
        {t('auth.sendCode')}
      </button>
    </form>
  );
}
