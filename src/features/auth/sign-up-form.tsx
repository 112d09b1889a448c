import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';

import { loadSupabase } from '../../lib/load-supabase.ts';
import styles from './auth-forms.module.css';
import { EmailField } from './email-field.tsx';
import { FormError } from './form-error.tsx';
import { NewPasswordField } from './new-password-field.tsx';
import { useAuthAction } from './use-auth-action.ts';
import { emailProblem, passwordProblem } from './validate-credentials.ts';

/**
 * Creates an account. Where the server confirms emails first there is no session yet: the form then says
 * where to look instead of pretending the user is in. A new account starts with onboarding.
 */
export function SignUpForm({ email, onEmail }: { email: string; onEmail: (email: string) => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<{ email: string | null; password: string | null }>({
    email: null,
    password: null,
  });
  const [awaitingConfirmation, setAwaitingConfirmation] = useState(false);
  const { pending, error, run } = useAuthAction();
  const navigate = useNavigate();
  const location = useLocation();

  // A problem shown after a submit goes as soon as it is fixed, not at the next submit.
  const changeEmail = (value: string) => {
    onEmail(value);
    if (problems.email) setProblems((shown) => ({ ...shown, email: emailProblem(value) }));
  };
  const changePassword = (value: string) => {
    setPassword(value);
    if (problems.password)
      setProblems((shown) => ({ ...shown, password: passwordProblem(value, { isNew: true }) }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = { email: emailProblem(email), password: passwordProblem(password, { isNew: true }) };
    setProblems(found);
    if (found.email || found.password) return;
    // The guard sends a user who signs in on /auth to the page in `from`; a new account's is onboarding.
    void navigate(location, {
      replace: true,
      state: { ...(location.state as object | null), from: { pathname: '/onboarding' } },
    });
    let confirmLater = false;
    const ok = await run(async () => {
      const result = await (
        await loadSupabase()
      ).auth.signUp({
        email: email.trim(),
        password,
        options: { emailRedirectTo: `${window.location.origin}/onboarding` },
      });
      confirmLater = !result.error && !result.data.session;
      return result;
    });
    if (ok && confirmLater) setAwaitingConfirmation(true);
  };

  if (awaitingConfirmation) {
    return (
      <p className={styles.notice} role="status">
        {t('auth.checkInboxToConfirm', { email: email.trim() })}
      </p>
    );
  }

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-busy={pending}>
      <EmailField value={email} onChange={changeEmail} problem={problems.email} />
      <NewPasswordField value={password} onChange={changePassword} problem={problems.password} />
      <FormError error={error} />
      <button type="submit" className="button button-primary" disabled={pending}>
        {pending ? t('auth.creatingAccount') : t('auth.createAccount')}
      </button>
    </form>
  );
}
