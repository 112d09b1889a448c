import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { loadSupabase } from '../../lib/load-supabase.ts';
import { TextField } from '../../ui/text-field.tsx';
import { FormError } from './form-error.tsx';
import { NewPasswordField } from './new-password-field.tsx';
import { useAuthAction } from './use-auth-action.ts';
import { confirmationProblem, passwordProblem } from './validate-credentials.ts';

interface NewPasswordFormProps {
  className?: string;
  buttonClassName: string;
  submitLabel: string;
  /** Shown on the button while saving; the submit label if not given. */
  savingLabel?: string;
  /** Runs once the server accepted the new password. */
  onSaved: () => void;
}

/**
 * A new password with strength feedback and a confirmation, saved on the signed-in (or recovering)
 * user. Both fields are checked before anything is sent; they empty after a save.
 */
export function NewPasswordForm({
  className,
  buttonClassName,
  submitLabel,
  savingLabel,
  onSaved,
}: NewPasswordFormProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problems, setProblems] = useState<{ password: string | null; confirmation: string | null }>({
    password: null,
    confirmation: null,
  });
  const { pending, error, run } = useAuthAction();

  // A problem shown after a submit goes as soon as it is fixed, not at the next submit.
  const changePassword = (value: string) => {
    setPassword(value);
    if (problems.password || problems.confirmation)
      setProblems({
        password: problems.password ? passwordProblem(value, { isNew: true }) : null,
        confirmation: problems.confirmation ? confirmationProblem(value, confirmation) : null,
      });
  };
  const changeConfirmation = (value: string) => {
    setConfirmation(value);
    if (problems.confirmation)
      setProblems((shown) => ({ ...shown, confirmation: confirmationProblem(password, value) }));
  };

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
    onSaved();
  };

  return (
    <form className={className} onSubmit={(event) => void submit(event)} noValidate aria-busy={pending}>
      <NewPasswordField value={password} onChange={changePassword} problem={problems.password} />
      <TextField
        label={t('auth.fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => changeConfirmation(event.target.value)}
        error={problems.confirmation ? t(problems.confirmation) : null}
      />
      <FormError error={error} />
      <button type="submit" className={buttonClassName} disabled={pending}>
        {pending ? (savingLabel ?? submitLabel) : submitLabel}
      </button>
    </form>
  );
}
