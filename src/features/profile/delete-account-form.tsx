import type { User } from '@supabase/supabase-js';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { TextField } from '../../ui/text-field.tsx';
import { FormError } from '../auth/index.ts';
import { MfaChallengeForm } from '../auth/index.ts';
import { DeletionCodeStep } from './deletion-code-step.tsx';
import styles from './profile.module.css';
import { reauthenticationWays } from './reauthentication-ways.ts';
import { useAccountDeletion } from './use-account-deletion.ts';

interface DeleteAccountFormProps {
  user: User;
  /** Runs once the server has deleted the account. */
  onDeleted: () => Promise<void>;
  onClose: () => void;
}

/**
 * The confirmation and the new sign-in it needs (see DeleteAccountSection): the address typed, then the
 * password, or a code emailed or texted instead, then the second step if the account has one.
 */
export function DeleteAccountForm({ user, onDeleted, onClose }: DeleteAccountFormProps) {
  const { t } = useTranslation();
  const ways = reauthenticationWays(user);
  const deletion = useAccountDeletion(user, onDeleted);
  const { step, pending, error } = deletion;
  const [byPassword, setByPassword] = useState(ways.password);
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<{ typed: string | null; password: string | null }>({
    typed: null,
    password: null,
  });
  const expected = user.email || user.phone || '';
  const code = ways.code;

  // Each step starts at its first field, so the keyboard path goes on where the last step ended.
  const stepArea = useRef<HTMLDivElement>(null);
  useEffect(() => {
    stepArea.current?.querySelector('input')?.focus();
  }, [step.kind]);

  const cancel = () => {
    void deletion.cancel();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      typed: typed.trim().toLowerCase() === expected.toLowerCase() ? null : 'profile.delete.mismatch',
      password: byPassword && password === '' ? 'auth.validation.passwordRequired' : null,
    };
    setProblems(found);
    if (found.typed || found.password) return;
    if (byPassword) void deletion.withPassword(password);
    else if (code) void deletion.sendCode(code);
  };

  if (step.kind === 'deleting')
    return (
      <div ref={stepArea}>
        <p role="status">{t('profile.delete.deleting')}</p>
      </div>
    );

  if (step.kind === 'second-step')
    return (
      <div ref={stepArea}>
        <MfaChallengeForm
          session={step.session}
          loadClient={deletion.reauthenticationClient}
          onVerified={() => void deletion.afterSecondStep()}
          onCancel={cancel}
          cancelLabel={t('profile.delete.cancel')}
        />
      </div>
    );

  if (step.kind === 'code')
    return (
      <div ref={stepArea}>
        <DeletionCodeStep
          contact={step.contact}
          error={error}
          pending={pending}
          onCode={(entered) => void deletion.withCode(step.contact, entered)}
          onResend={() => void deletion.sendCode(step.contact)}
          onCancel={cancel}
        />
      </div>
    );

  if (!byPassword && !code) return <p role="alert">{t('profile.delete.noWay')}</p>;

  return (
    <div ref={stepArea}>
      <form onSubmit={submit} noValidate aria-busy={pending}>
        <TextField
          label={t('profile.delete.confirmLabel', { email: expected })}
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          error={problems.typed ? t(problems.typed) : null}
        />
        {byPassword ? (
          <TextField
            label={t('profile.delete.passwordLabel')}
            hint={t('profile.delete.passwordHint')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={problems.password ? t(problems.password) : null}
          />
        ) : code ? (
          <p className={styles.hint}>
            {'email' in code
              ? t('profile.delete.emailCodeIntro', { email: code.email })
              : t('profile.delete.smsCodeIntro', { phone: code.phone })}
          </p>
        ) : null}
        <FormError error={error} />
        <div className={styles.actions}>
          <button type="submit" className="button" disabled={pending}>
            {byPassword
              ? t('profile.delete.confirm')
              : code && 'email' in code
                ? t('profile.delete.sendEmailCode')
                : t('profile.delete.sendSmsCode')}
          </button>
          {/* An account with a password has an email address, so the other way is an emailed code. */}
          {ways.password && code ? (
            <button
              type="button"
              className="button"
              disabled={pending}
              onClick={() => {
                setByPassword(!byPassword);
                setProblems({ typed: problems.typed, password: null });
              }}
            >
              {byPassword ? t('profile.delete.useEmailCode') : t('profile.delete.usePassword')}
            </button>
          ) : null}
          <button type="button" className="button" disabled={pending} onClick={cancel}>
            {t('profile.delete.cancel')}
          </button>
        </div>
      </form>
    </div>
  );
}
