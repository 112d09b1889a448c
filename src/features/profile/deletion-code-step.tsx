import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { OneTimeCodeForm } from '../auth/index.ts';
import { codeProblem } from '../auth/index.ts';
import styles from './profile.module.css';
import type { CodeContact } from './reauthentication-ways.ts';

interface DeletionCodeStepProps {
  contact: CodeContact;
  /** A translation key. */
  error: string | null;
  pending: boolean;
  onCode: (code: string) => void;
  onResend: () => void;
  onCancel: () => void;
}

/** The code emailed or texted to sign in again; entering it deletes the account. */
export function DeletionCodeStep({
  contact,
  error,
  pending,
  onCode,
  onResend,
  onCancel,
}: DeletionCodeStepProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const byEmail = 'email' in contact;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found =
      codeProblem(code) && (byEmail ? 'auth.validation.codeInvalid' : 'auth.validation.smsCodeInvalid');
    setProblem(found);
    if (!found) onCode(code);
  };

  return (
    <>
      <OneTimeCodeForm
        label={t('auth.fields.code')}
        submitLabel={t('profile.delete.confirm')}
        code={code}
        onCode={setCode}
        onSubmit={submit}
        problem={problem ? t(problem) : null}
        error={error}
        pending={pending}
      >
        <p role="status">
          {t('profile.delete.codeSent', { contact: byEmail ? contact.email : contact.phone })}
        </p>
      </OneTimeCodeForm>
      <div className={styles.actions}>
        <button type="button" className="button" disabled={pending} onClick={onResend}>
          {t('profile.delete.resend')}
        </button>
        <button type="button" className="button" disabled={pending} onClick={onCancel}>
          {t('profile.delete.cancel')}
        </button>
      </div>
    </>
  );
}
