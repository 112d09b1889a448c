import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { loadSupabase } from '../../lib/load-supabase.ts';
import { TextField } from '../../ui/text-field.tsx';
import { FormError } from '../auth/index.ts';
import { OneTimeCodeForm } from '../auth/index.ts';
import { useAuthAction } from '../auth/index.ts';
import { authenticatorCodeProblem, compactPhone, phoneProblem } from '../auth/index.ts';

interface Sent {
  factorId: string;
  challengeId: string;
  phone: string;
}

/**
 * Two-step verification by text message: the phone number, a code texted to it, and that code typed
 * back, which turns the factor on. `onDone` runs once it is verified; `onCancel` leaves the form.
 */
export function PhoneFactorEnrolment({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState('');
  const [phoneIssue, setPhoneIssue] = useState<string | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);
  const [code, setCode] = useState('');
  const [codeIssue, setCodeIssue] = useState<string | null>(null);
  const { pending, error, run } = useAuthAction();

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const found = phoneProblem(phone);
    setPhoneIssue(found);
    if (found) return;
    const number = compactPhone(phone);
    const supabase = await loadSupabase();
    let factorId = '';
    const enrolled = await run(async () => {
      const result = await supabase.auth.mfa.enroll({
        factorType: 'phone',
        phone: number,
        friendlyName: number,
      });
      factorId = result.data?.id ?? '';
      return result;
    });
    if (!enrolled) return;
    await run(async () => {
      const result = await supabase.auth.mfa.challenge({ factorId, channel: 'sms' });
      if (result.data) setSent({ factorId, challengeId: result.data.id, phone: number });
      return result;
    });
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    const found = authenticatorCodeProblem(code);
    setCodeIssue(found);
    if (found || !sent) return;
    const ok = await run(async () =>
      (await loadSupabase()).auth.mfa.verify({
        factorId: sent.factorId,
        challengeId: sent.challengeId,
        code: code.replace(/\s/g, ''),
      }),
    );
    if (ok) onDone();
  };

  if (sent) {
    return (
      <OneTimeCodeForm
        label={t('profile.mfa.phoneCode')}
        submitLabel={t('profile.mfa.confirm')}
        code={code}
        onCode={setCode}
        onSubmit={(event) => void confirm(event)}
        problem={codeIssue ? t(codeIssue) : null}
        error={error}
        pending={pending}
      >
        <p role="status">{t('auth.phone.sent', { phone: sent.phone })}</p>
      </OneTimeCodeForm>
    );
  }
  return (
    <form onSubmit={(event) => void send(event)} noValidate aria-busy={pending}>
      <p>{t('profile.mfa.phoneIntro')}</p>
      <TextField
        label={t('auth.phone.number')}
        type="tel"
        autoComplete="tel"
        placeholder="+44 20 7946 0000"
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
        error={phoneIssue ? t(phoneIssue) : null}
      />
      <FormError error={error} />
      <button type="submit" className="button button-primary" disabled={pending}>
        {t('auth.phone.send')}
      </button>
      <button type="button" className="button" disabled={pending} onClick={onCancel}>
        {t('profile.mfa.cancel')}
      </button>
    </form>
  );
}
