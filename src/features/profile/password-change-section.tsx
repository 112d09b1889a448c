import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { loadSupabase } from '../../lib/load-supabase.ts';
import { notify } from '../../lib/toasts/toasts.ts';
import { TextField } from '../../ui/text-field.tsx';
import { FormError } from '../auth/form-error.tsx';
import { NewPasswordField } from '../auth/new-password-field.tsx';
import { useAuthAction } from '../auth/use-auth-action.ts';
import { confirmationProblem, passwordProblem } from '../auth/validate-credentials.ts';
import styles from './profile.module.css';

/** A new password, confirmed; the server ends the user's other sessions when it changes. */
export function PasswordChangeSection() {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problems, setProblems] = useState<{ password: string | null; confirmation: string | null }>({
    password: null,
    confirmation: null,
  });
  const { pending, error, run } = useAuthAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      password: passwordProblem(password, { isNew: true }),
      confirmation: confirmationProblem(password, confirmation),
    };
    setProblems(found);
    if (found.password || found.confirmation) return;
    const ok = await run(async () => (await loadSupabase()).auth.updateUser({ password }));
    if (!ok) return;
    setPassword('');
    setConfirmation('');
    notify({ kind: 'success', title: t('profile.password.changed') });
  };

  return (
    <section className={styles.section} aria-labelledby="profile-password">
      <h2 id="profile-password">{t('profile.password.heading')}</h2>
      <form onSubmit={(event) => void submit(event)} noValidate aria-busy={pending}>
        <NewPasswordField value={password} onChange={setPassword} problem={problems.password} />
        <TextField
          label={t('auth.fields.confirmPassword')}
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          error={problems.confirmation ? t(problems.confirmation) : null}
        />
        <FormError error={error} />
        <button type="submit" className="button" disabled={pending}>
          {t('profile.password.change')}
        </button>
      </form>
    </section>
  );
}
