import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { notify } from '../../lib/toasts/toasts.ts';
import type { BillingFunctions } from './billing-functions.ts';
import { PLANS, type PlanId } from './plans.ts';
import { supabaseBillingFunctions } from './supabase-billing-functions.ts';
import { TestCheckout } from './test-checkout.tsx';
import styles from './subscription.module.css';
import { useSubscription } from './use-subscription.ts';
import { dateTimeFormat, numberFormat } from '../../lib/i18n/intl-formats.ts';

/** What a button on the panel asks of the billing functions; one at a time. */
type PlanAction = { kind: 'trial' } | { kind: 'checkout'; plan: PlanId } | { kind: 'portal' };

/** The signed-in user's plan: what they have, their trial, and the ways to start, upgrade or manage. */
export function SubscriptionPanel({
  functions = supabaseBillingFunctions,
}: {
  functions?: BillingFunctions;
}) {
  const { t, i18n } = useTranslation();
  const access = useSubscription();
  const date = (iso: string | null) =>
    iso ? dateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(iso)) : '';
  const price = (amount: number, currency: string) =>
    numberFormat(i18n.language, { style: 'currency', currency }).format(amount / 100);

  const returnUrl = () => `${window.location.origin}/subscription`;
  const action = useMutation({
    mutationFn: async (request: PlanAction) => {
      switch (request.kind) {
        case 'trial':
          await functions.startTrial();
          await access.refresh();
          notify({ kind: 'success', title: t('subscription.trialStarted') });
          return;
        case 'checkout':
          window.location.assign(await functions.createCheckout(request.plan, returnUrl()));
          return;
        case 'portal':
          window.location.assign(await functions.openCustomerPortal(returnUrl()));
          return;
      }
    },
    onError: (error, request) => console.error(`Subscription action ${request.kind} failed`, error),
  });
  const busy = action.isPending;
  const problem = action.isError ? t('subscription.actionFailed') : null;
  const startTrial = () => action.mutate({ kind: 'trial' });
  const checkout = (plan: PlanId) => action.mutate({ kind: 'checkout', plan });
  const manage = () => action.mutate({ kind: 'portal' });

  if (access.loading) return <p role="status">{t('common.loading')}</p>;

  return (
    <div className={styles.panel}>
      <TestCheckout complete={functions.completeTestCheckout} onDone={access.refresh} />
      <section aria-labelledby="plan-now" className={styles.card}>
        <h2 id="plan-now">{t('subscription.yourPlan')}</h2>
        <p data-testid="user-type" className={styles.state}>
          {access.userType === 'premium'
            ? t('subscription.premiumUntil', { date: date(access.subscription?.current_period_end ?? null) })
            : access.userType === 'trial'
              ? t('subscription.trialDays', { count: access.trialDaysRemaining })
              : t('subscription.basic')}
        </p>
        {access.userType === 'premium' ? (
          <button type="button" className="button" disabled={busy} onClick={manage}>
            {t('subscription.manage')}
          </button>
        ) : null}
        {access.userType === 'basic' && access.trialEligible ? (
          <button type="button" className="button button-primary" disabled={busy} onClick={startTrial}>
            {t('subscription.startTrial')}
          </button>
        ) : null}
        {access.userType === 'basic' && !access.trialEligible ? <p>{t('subscription.trialUsed')}</p> : null}
        {problem ? (
          <p role="alert" className={styles.error}>
            {problem}
          </p>
        ) : null}
      </section>
      {access.userType !== 'premium' ? (
        <section aria-labelledby="plans" className={styles.card}>
          <h2 id="plans">{t('subscription.upgrade')}</h2>
          <ul className={styles.plans}>
            {PLANS.map((plan) => (
              <li key={plan.id} className={styles.plan}>
                <h3>{t(`subscription.plans.${plan.id}`)}</h3>
                <p className={styles.price}>
                  {t(`subscription.per.${plan.interval}`, { price: price(plan.amount, plan.currency) })}
                </p>
                <button
                  type="button"
                  className="button button-primary"
                  disabled={busy}
                  onClick={() => checkout(plan.id)}
                >
                  {t('subscription.choose', { plan: t(`subscription.plans.${plan.id}`) })}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
