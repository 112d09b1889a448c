import type { Factor, User } from '@supabase/supabase-js';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { loadSupabase } from '../../lib/load-supabase.ts';
import { notify } from '../../lib/toasts/toasts.ts';
import { FormError } from '../auth/form-error.tsx';
import { OneTimeCodeForm } from '../auth/one-time-code-form.tsx';
import { useAuthAction } from '../auth/use-auth-action.ts';
import { authenticatorCodeProblem } from '../auth/validate-credentials.ts';
import { TotpSecret } from './totp-secret.tsx';
import styles from './profile.module.css';

interface Enrolment {
  factorId: string;
  qrCode: string;
  secret: string;
}

/**
 * Two-step verification with an authenticator app (TOTP): enrol (QR code and secret), confirm with a
 * first code, remove. Product spec §6; phone factors are not offered by the backend yet.
 */
export function MfaSection({ user, onChanged }: { user: User; onChanged: () => void }) {
  const { t } = useTranslation();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { pending, error, run } = useAuthAction();
  const factors: Factor[] = user.factors ?? [];
  const verified = factors.filter((factor) => factor.status === 'verified');

  const start = async () => {
    const supabase = await loadSupabase();
    // An enrolment abandoned earlier would clash by name; it was never usable, so it goes first.
    for (const stale of factors.filter((factor) => factor.status !== 'verified'))
      await run(() => supabase.auth.mfa.unenroll({ factorId: stale.id }));
    await run(async () => {
      const result = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Murmur' });
      if (result.data)
        setEnrolment({
          factorId: result.data.id,
          qrCode: result.data.totp.qr_code,
          secret: result.data.totp.secret,
        });
      return result;
    });
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    const found = authenticatorCodeProblem(code);
    setProblem(found);
    if (found || !enrolment) return;
    const ok = await run(async () =>
      (await loadSupabase()).auth.mfa.challengeAndVerify({
        factorId: enrolment.factorId,
        code: code.replace(/\s/g, ''),
      }),
    );
    if (!ok) return;
    setEnrolment(null);
    setCode('');
    notify({ kind: 'success', title: t('profile.mfa.enabled') });
    onChanged();
  };

  const remove = async (factor: Factor) => {
    const ok = await run(async () => (await loadSupabase()).auth.mfa.unenroll({ factorId: factor.id }));
    if (!ok) return;
    notify({ kind: 'success', title: t('profile.mfa.removed') });
    onChanged();
  };

  return (
    <section className={styles.section} aria-labelledby="profile-mfa">
      <h2 id="profile-mfa">{t('profile.mfa.heading')}</h2>
      <p role="status">{verified.length > 0 ? t('profile.mfa.on') : t('profile.mfa.off')}</p>
      {verified.map((factor) => (
        <div key={factor.id} className={styles.row}>
          <span>{t('profile.mfa.factor', { name: factor.friendly_name ?? 'TOTP' })}</span>
          <button type="button" className="button" disabled={pending} onClick={() => void remove(factor)}>
            {t('profile.mfa.remove')}
          </button>
        </div>
      ))}
      {verified.length === 0 && !enrolment ? (
        <button type="button" className="button" disabled={pending} onClick={() => void start()}>
          {t('profile.mfa.enable')}
        </button>
      ) : null}
      {enrolment ? (
        <OneTimeCodeForm
          label={t('auth.mfa.code')}
          submitLabel={t('profile.mfa.confirm')}
          code={code}
          onCode={setCode}
          onSubmit={(event) => void confirm(event)}
          problem={problem ? t(problem) : null}
          error={error}
          pending={pending}
        >
          <p>{t('profile.mfa.scan')}</p>
          <img className={styles.qr} src={enrolment.qrCode} alt={t('profile.mfa.qrAlt')} />
          <TotpSecret secret={enrolment.secret} />
        </OneTimeCodeForm>
      ) : (
        <FormError error={error} />
      )}
    </section>
  );
}
