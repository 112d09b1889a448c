import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { loadSupabase } from '../../lib/load-supabase.ts';
import { TextField } from '../../ui/text-field.tsx';
import styles from './auth-forms.module.css';
import { FormError } from './form-error.tsx';
import { OneTimeCodeForm } from './one-time-code-form.tsx';
import { useAuthAction } from './use-auth-action.ts';
import { compactPhone, phoneProblem } from './validate-credentials.ts';

/** Passwordless by text message: a six-digit code sent to the phone signs the user in. */
export function PhoneCodeForm() {
  const { t } = useTranslation();
  const [phone, setPhone] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { pending, error, run } = useAuthAction();

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const found = phoneProblem(phone);
    setProblem(found);
    if (found) return;
    const number = compactPhone(phone);
    const ok = await run(async () =>
      (await loadSupabase()).auth.signInWithOtp({ phone: number, options: { shouldCreateUser: true } }),
    );
    if (ok) setSentTo(number);
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    const found = /^\d{6}$/.test(code.trim()) ? null : 'auth.validation.smsCodeInvalid';
    setProblem(found);
    if (found || !sentTo) return;
    await run(async () =>
      (await loadSupabase()).auth.verifyOtp({ phone: sentTo, token: code.trim(), type: 'sms' }),
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
          {t('auth.phone.sent', { phone: sentTo })}
        </p>
      </OneTimeCodeForm>
    );
  }

  return (
    <form className={styles.form} onSubmit={(event) => void send(event)} noValidate aria-busy={pending}>
      <TextField
        label={t('auth.phone.number')}
        type="tel"
        autoComplete="tel"
        placeholder="+49 151 23456789"
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
        error={problem ? t(problem) : null}
      />
      <FormError error={error} />
      <button type="submit" className="button button-primary" disabled={pending}>
        {t('auth.phone.send')}
      </button>
    </form>
  );
}
