import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { loadSupabase } from '../../lib/load-supabase.ts';
import { TextField } from '../../ui/text-field.tsx';
import styles from './auth-forms.module.css';
import { EmailField } from './email-field.tsx';
import { FormError } from './form-error.tsx';
import { useAuthAction } from './use-auth-action.ts';
import { emailProblem, passwordProblem } from './validate-credentials.ts';

/** Email and password. On success the auth state changes and the guard takes the user on. */
export function SignInForm({ email, onEmail }: { email: string; onEmail: (email: string) => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<{ email: string | null; password: string | null }>({
    email: null,
    password: null,
  });
  const { pending, error, run } = useAuthAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = { email: emailProblem(email), password: passwordProblem(password, { isNew: false }) };
    setProblems(found);
    if (found.email || found.password) return;
    await run(async () => (await loadSupabase()).auth.signInWithPassword({ email: email.trim(), password }));
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-busy={pending}>
      <EmailField value={email} onChange={onEmail} problem={problems.email} />
      <TextField
        label={t('auth.fields.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={problems.password ? t(problems.password) : null}
      />
      <FormError error={error} />
      <button type="submit" className="button button-primary" disabled={pending}>
        {pending ? t('auth.signingIn') : t('auth.signIn')}
      </button>
    </form>
  );
}
