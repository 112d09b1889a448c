import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { useAuth } from '../../features/auth/index.ts';
import { SubscriptionPanel } from '../../features/subscription/index.ts';
import { Page } from '../../ui/page.tsx';

/** /subscription — open to everyone: visitors see what premium adds; members manage their plan. */
export function Component() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <Page title={t('screens.subscription.title')} description={t('screens.subscription.description')}>
      <section aria-labelledby="what-premium-adds">
        <h2 id="what-premium-adds">{t('subscription.whatPremiumAdds')}</h2>
        <ul>
          <li>{t('subscription.features.recording')}</li>
          <li>{t('subscription.features.transcription')}</li>
        </ul>
        <p>{t('subscription.alwaysFree')}</p>
      </section>
      {user ? (
        <SubscriptionPanel />
      ) : (
        <Link className="button button-primary" to="/auth">
          {t('subscription.signInFirst')}
        </Link>
      )}
    </Page>
  );
}
