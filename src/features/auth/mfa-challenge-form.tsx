import type { Factor, Session } from '@supabase/supabase-js';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { loadSupabase } from '../../lib/load-supabase.ts';
import styles from './auth-forms.module.css';
import type { AuthClient } from './auth-provider.tsx';
import { OneTimeCodeForm } from './one-time-code-form.tsx';
import { useAuth } from './use-auth.ts';
import { useAuthAction } from './use-auth-action.ts';
import { authenticatorCodeProblem } from './validate-credentials.ts';

interface MfaChallengeFormProps {
  session?: Session | null;
  /** The client holding `session`: the app's own unless given. */
  loadClient?: () => Promise<AuthClient>;
  onVerified?: () => void;
  /** Instead of signing out: where the step is part of another task, cancelling leaves that task. */
  onCancel?: () => void;
  cancelLabel?: string;
}

/**
 * The second step of a sign-in when aal2 is next (product spec §4): the code from the authenticator app
 * or, for a phone factor, the code texted when this step opens (a new one on request). Verifying raises
 * the session to aal2 (MFA_CHALLENGE_VERIFIED) and the guard takes the user on. `session`: a session
 * other than the sign-in's that owes the step (a password recovery's, or a sign-in again on a client of
 * its own, `loadClient`, which then says what verifying and cancelling lead to).
 */
export function MfaChallengeForm({
  session,
  loadClient = loadSupabase,
  onVerified,
  onCancel,
  cancelLabel,
}: MfaChallengeFormProps = {}) {
  const { t } = useTranslation();
  const { mfaSession: signInSession } = useAuth();
  // A recovery's session owes the same step before it may set a new password.
  const mfaSession = session ?? signInSession;
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [challengeId, setChallengeId] = useState<string | null>(null);
  const { pending, error, run } = useAuthAction();
  const verified = mfaSession?.user.factors?.filter((candidate) => candidate.status === 'verified') ?? [];
  // The authenticator app first: it works without a signal.
  const factor: Factor | undefined =
    verified.find((candidate) => candidate.factor_type === 'totp') ??
    verified.find((candidate) => candidate.factor_type === 'phone');
  const byPhone = factor?.factor_type === 'phone';

  const textCode = useCallback(
    async (factorId: string) => {
      setChallengeId(null);
      await run(async () => {
        const result = await (await loadClient()).auth.mfa.challenge({ factorId, channel: 'sms' });
        if (result.data) setChallengeId(result.data.id);
        return result;
      });
    },
    [run, loadClient],
  );

  // One text when the step opens (not again on every render, nor twice in development's double effects).
  const texted = useRef<string | null>(null);
  const factorId = factor?.id;
  useEffect(() => {
    if (!byPhone || !factorId || texted.current === factorId) return;
    texted.current = factorId;
    void textCode(factorId);
  }, [byPhone, factorId, textCode]);

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    const found = authenticatorCodeProblem(code);
    setProblem(found);
    if (found || !factor) return;
    const typed = code.replace(/\s/g, '');
    const supabase = await loadClient();
    const verified = await run(async () =>
      byPhone && challengeId
        ? supabase.auth.mfa.verify({ factorId: factor.id, challengeId, code: typed })
        : supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code: typed }),
    );
    if (verified) onVerified?.();
  };

  const cancel = async () => {
    if (onCancel) return onCancel();
    await run(async () => (await loadClient()).auth.signOut({ scope: 'local' }));
  };

  return (
    <div className={styles.panel}>
      <h2 className={styles.heading}>{t('auth.mfa.heading')}</h2>
      <p role={byPhone ? 'status' : undefined}>
        {!byPhone
          ? t('auth.mfa.intro')
          : challengeId
            ? t('auth.mfa.phoneIntro', { phone: factor?.friendly_name ?? '' })
            : t('auth.mfa.sending')}
      </p>
      <OneTimeCodeForm
        className={styles.form}
        label={byPhone ? t('auth.mfa.phoneCode') : t('auth.mfa.code')}
        submitLabel={t('auth.mfa.verify')}
        code={code}
        onCode={setCode}
        onSubmit={(event) => void verify(event)}
        problem={problem ? t(problem) : null}
        error={error}
        pending={pending}
        ready={factor !== undefined && (!byPhone || challengeId !== null)}
      />
      {byPhone && factor ? (
        <button type="button" className="button" onClick={() => void textCode(factor.id)} disabled={pending}>
          {t('auth.mfa.resend')}
        </button>
      ) : null}
      <button type="button" className="button" onClick={() => void cancel()} disabled={pending}>
        {cancelLabel ?? t('auth.mfa.cancel')}
      </button>
    </div>
  );
}
