import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { notify } from '../../lib/toasts/toasts.ts';
import styles from './profile.module.css';

/** Groups of four are easier to type into an authenticator app by hand. */
function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The TOTP secret, hidden until asked for (someone may be looking over a shoulder), with a copy button. */
export function TotpSecret({ secret }: { secret: string }) {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      notify({ kind: 'success', title: t('profile.mfa.copied') });
    } catch (error) {
      console.error('Murmur could not copy the secret', error);
      notify({ kind: 'error', title: t('profile.mfa.copyFailed') });
    }
  };

  return (
    <div className={styles.row}>
      <p>
        {t('profile.mfa.secretLabel')}{' '}
        <code className={styles.secret} data-testid="totp-secret">
          {revealed ? groupSecret(secret) : '•••• •••• •••• ••••'}
        </code>
      </p>
      <div className={styles.actions}>
        <button
          type="button"
          className="button"
          aria-pressed={revealed}
          onClick={() => setRevealed(!revealed)}
        >
          {revealed ? t('profile.mfa.hideSecret') : t('profile.mfa.showSecret')}
        </button>
        <button type="button" className="button" onClick={() => void copy()}>
          {t('profile.mfa.copySecret')}
        </button>
      </div>
    </div>
  );
}
