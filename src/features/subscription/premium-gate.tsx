import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { useSubscription } from './use-subscription.ts';
import styles from './subscription.module.css';

/**
 * Shows `children` to premium and trial users. Others see why the feature is locked and the way to
 * unlock it — never a dead button. While the state is loading nothing is shown either way.
 */
export function PremiumGate({ feature, children }: { feature: string; children: ReactNode }) {
  const { t } = useTranslation();
  const access = useSubscription();
  if (access.loading) return null;
  if (access.canAccessPremium) return <>{children}</>;
  return (
    <p className={styles.locked}>
      <span>{t('subscription.locked', { feature })}</span>{' '}
      <Link to="/subscription">
        {access.trialEligible ? t('subscription.startTrialLink') : t('subscription.upgradeLink')}
      </Link>
    </p>
  );
}
