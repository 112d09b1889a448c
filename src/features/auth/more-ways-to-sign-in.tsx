import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import styles from './auth-forms.module.css';
import type { AuthMode } from './auth-mode.ts';
import { ProviderButtons } from './provider-buttons.tsx';

const OTHER_WAYS = ['code', 'phone', 'sso'] as const satisfies readonly AuthMode[];

interface MoreWaysToSignInProps {
  current: AuthMode;
  onChoose: (mode: AuthMode) => void;
  returnTo: string;
}

/**
 * A disclosure with the ways in besides email and password: codes by email or text message, company SSO
 * and the OAuth providers. Choosing a way closes it, so the chosen form stands alone; focus stays on the
 * toggle when it opens, with the ways next in tab order.
 */
export function MoreWaysToSignIn({ current, onChoose, returnTo }: MoreWaysToSignInProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const choose = (mode: AuthMode) => {
    setOpen(false);
    onChoose(mode);
  };
  return (
    <div className={styles.more}>
      <button
        type="button"
        className={`button ${styles.moreToggle}`}
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        {t('auth.more.toggle')}
      </button>
      <div id={regionId} hidden={!open} className={styles.moreWays}>
        <div role="group" aria-label={t('auth.modesLabel')} className={styles.providers}>
          {OTHER_WAYS.filter((mode) => mode !== current).map((mode) => (
            <button key={mode} type="button" className="button" onClick={() => choose(mode)}>
              {t(`auth.modes.${mode}`)}
            </button>
          ))}
        </div>
        <ProviderButtons returnTo={returnTo} />
      </div>
    </div>
  );
}
