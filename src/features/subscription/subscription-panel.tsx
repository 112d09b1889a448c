import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { loadSupabase } from '../../lib/load-supabase.ts';
import { notify } from '../../lib/toasts/toasts.ts';
import { PLANS, type PlanId } from './plans.ts';
import { TestCheckout } from './test-checkout.tsx';
import styles from './subscription.module.css';
import { useSubscription } from './use-subscription.ts';
import { dateTimeFormat, numberFormat } from '../../lib/i18n/intl-formats.ts';

async function invoke<T>(name: string, body: Record<string, unknown>): Promise<T> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.functions.invoke<T>(name, { body });
  if (error) throw error;
  if (data === null) throw new Error(`${name} returned nothing`);
  return data;
}

/** The signed-in user's plan: what they have, their trial, and the ways to start, upgrade or manage. */
export function SubscriptionPanel() {
  const { t, i18n } = useTranslation();
  const access = useSubscription();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const date = (iso: string | null) =>
    iso ? dateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(iso)) : '';
  const price = (amount: number, currency: string) =>
    numberFormat(i18n.language, { style: 'currency', currency }).format(amount / 100);

  const run = async (action: string, work: () => Promise<void>) => {
    setBusy(action);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      console.error(`Subscription action ${action} failed`, error);
      setProblem(t('subscription.actionFailed'));
    } finally {
      setBusy(null);
    }
  };
  const startTrial = () =>
    run('trial', async () => {
      await invoke('start-trial', {});
      await access.refresh();
      notify({ kind: 'success', title: t('subscription.trialStarted') });
    });
  const checkout = (plan: PlanId) =>
    run(`checkout-${plan}`, async () => {
      const { url } = await invoke<{ url: string }>('create-checkout', {
        plan,
        return_url: `${window.location.origin}/subscription`,
      });
      window.location.assign(url);
    });
  const manage = () =>
    run('portal', async () => {
      const { url } = await invoke<{ url: string }>('customer-portal', {
        return_url: `${window.location.origin}/subscription`,
      });
      window.location.assign(url);
    });

  if (access.loading) return <p role="status">{t('common.loading')}</p>;

  return (
    <div className={styles.panel}>
      <TestCheckout onDone={access.refresh} />
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
          <button type="button" className="button" disabled={busy !== null} onClick={() => void manage()}>
            {t('subscription.manage')}
          </button>
        ) : null}
        {access.userType === 'basic' && access.trialEligible ? (
          <button
            type="button"
            className="button button-primary"
            disabled={busy !== null}
            onClick={() => void startTrial()}
          >
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
                  disabled={busy !== null}
                  onClick={() => void checkout(plan.id)}
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
