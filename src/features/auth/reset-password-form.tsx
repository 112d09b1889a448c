import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';

import { loadSupabase } from '../../lib/load-supabase.ts';
import { notify } from '../../lib/toasts/toasts.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { TextField } from '../../ui/text-field.tsx';
import styles from './auth-forms.module.css';
import { FormError } from './form-error.tsx';
import { NewPasswordField } from './new-password-field.tsx';
import { stripRecoveryParams } from './recovery-flow.ts';
import { useAuth } from './use-auth.ts';
import { useAuthAction } from './use-auth-action.ts';
import { confirmationProblem, passwordProblem } from './validate-credentials.ts';

/**
 * The new-password form of a recovery flow. The recovery secrets leave the address as soon as the
 * session exists; the user counts as signed in only once the new password is saved.
 */
export function ResetPasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { loading, isRecoveryMode, recoverySession, finishRecovery } = useAuth();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problems, setProblems] = useState<{ password: string | null; confirmation: string | null }>({
    password: null,
    confirmation: null,
  });
  const { pending, error, run } = useAuthAction();

  useEffect(() => {
    if (recoverySession)
      window.history.replaceState(window.history.state, '', stripRecoveryParams(window.location));
  }, [recoverySession]);

  // Leaving the page ends recovery either way: the session is real, the detour is over.
  useEffect(() => finishRecovery, [finishRecovery]);

  if (loading) return <Spinner label={t('common.loading')} />;
  if (!isRecoveryMode || !recoverySession) {
    return (
      <div className={styles.notice} role="alert">
        <p>{t('auth.reset.invalidLink')}</p>
        <Link to="/auth#forgot">{t('auth.reset.requestNew')}</Link>
      </div>
    );
  }

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
    finishRecovery();
    notify({ kind: 'success', title: t('auth.reset.done') });
    void navigate('/app', { replace: true });
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-busy={pending}>
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
      <button type="submit" className="button button-primary" disabled={pending}>
        {pending ? t('auth.reset.saving') : t('auth.reset.save')}
      </button>
    </form>
  );
}
