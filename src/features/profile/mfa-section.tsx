import type { Factor, User } from '@supabase/supabase-js';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { loadSupabase } from '../../lib/load-supabase.ts';
import { notify } from '../../lib/toasts/toasts.ts';
import { FormError } from '../auth/index.ts';
import { OneTimeCodeForm } from '../auth/index.ts';
import { useAuthAction } from '../auth/index.ts';
import { authenticatorCodeProblem } from '../auth/index.ts';
import { PhoneFactorEnrolment } from './phone-factor-enrolment.tsx';
import { TotpSecret } from './totp-secret.tsx';
import styles from './profile.module.css';

interface Enrolment {
  factorId: string;
  qrCode: string;
  secret: string;
}

/**
 * Two-step verification (product spec §6): with an authenticator app (TOTP: QR code and secret, confirmed
 * with a first code) or by text message (a phone factor, confirmed with a texted code); either can be
 * removed again.
 */
export function MfaSection({ user, onChanged }: { user: User; onChanged: () => void }) {
  const { t } = useTranslation();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [byPhone, setByPhone] = useState(false);
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { pending, error, run } = useAuthAction();
  const factors: Factor[] = user.factors ?? [];
  const verified = factors.filter((factor) => factor.status === 'verified');

  // An enrolment abandoned earlier would clash by name; it was never usable, so it goes first.
  const dropUnfinished = async () => {
    const supabase = await loadSupabase();
    for (const stale of factors.filter((factor) => factor.status !== 'verified'))
      await run(() => supabase.auth.mfa.unenroll({ factorId: stale.id }));
    return supabase;
  };

  const start = async () => {
    const supabase = await dropUnfinished();
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

  const startPhone = async () => {
    await dropUnfinished();
    setByPhone(true);
  };

  const phoneDone = () => {
    setByPhone(false);
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
      <p role="status">
        {verified.length === 0
          ? t('profile.mfa.off')
          : verified.some((factor) => factor.factor_type === 'totp')
            ? t('profile.mfa.on')
            : t('profile.mfa.onPhone')}
      </p>
      {verified.map((factor) => (
        <div key={factor.id} className={styles.row}>
          <span>
            {factor.factor_type === 'phone'
              ? t('profile.mfa.phoneFactor', { phone: factor.friendly_name ?? '' })
              : t('profile.mfa.factor', { name: factor.friendly_name ?? 'TOTP' })}
          </span>
          <button type="button" className="button" disabled={pending} onClick={() => void remove(factor)}>
            {factor.factor_type === 'phone' ? t('profile.mfa.removePhone') : t('profile.mfa.remove')}
          </button>
        </div>
      ))}
      {verified.length === 0 && !enrolment && !byPhone ? (
        <div className={styles.row}>
          <button type="button" className="button" disabled={pending} onClick={() => void start()}>
            {t('profile.mfa.enable')}
          </button>
          <button type="button" className="button" disabled={pending} onClick={() => void startPhone()}>
            {t('profile.mfa.enablePhone')}
          </button>
        </div>
      ) : null}
      {byPhone ? <PhoneFactorEnrolment onDone={phoneDone} onCancel={() => setByPhone(false)} /> : null}
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
      ) : byPhone ? null : (
        <FormError error={error} />
      )}
    </section>
  );
}
