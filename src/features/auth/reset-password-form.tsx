import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';

import { notify } from '../../lib/toasts/toasts.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { needsSecondFactor } from './assurance-level.ts';
import styles from './auth-forms.module.css';
import { MfaChallengeForm } from './mfa-challenge-form.tsx';
import { NewPasswordForm } from './new-password-form.tsx';
import { stripRecoveryParams } from './recovery-flow.ts';
import { useAuth } from './use-auth.ts';

/**
 * The new-password form of a recovery flow. The recovery secrets leave the address as soon as the
 * session exists; the user counts as signed in only once the new password is saved.
 */
export function ResetPasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { loading, isRecoveryMode, recoverySession, finishRecovery } = useAuth();

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

  // Two-step verification: the recovery link is the first step only; the code comes before a new
  // password (the server refuses the change at aal1).
  if (needsSecondFactor(recoverySession)) {
    return (
      <>
        <p className={styles.notice} role="status">
          {t('auth.reset.codeFirst')}
        </p>
        <MfaChallengeForm session={recoverySession} />
      </>
    );
  }

  const saved = () => {
    finishRecovery();
    notify({ kind: 'success', title: t('auth.reset.done') });
    void navigate('/app', { replace: true });
  };

  return (
    <NewPasswordForm
      className={styles.form}
      buttonClassName="button button-primary"
      submitLabel={t('auth.reset.save')}
      savingLabel={t('auth.reset.saving')}
      onSaved={saved}
    />
  );
}
