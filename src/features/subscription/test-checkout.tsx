import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';

import { loadSupabase } from '../../lib/load-supabase.ts';
import { notify } from '../../lib/toasts/toasts.ts';
import styles from './subscription.module.css';

/**
 * Where no payment provider is configured, checkout and the billing portal come back here with
 * ?test_checkout=<plan> or ?test_portal=1. This card completes the flow through the test-checkout
 * function, which refuses to run wherever real payments are set up. It says plainly that it is a test.
 */
export function TestCheckout({ onDone }: { onDone: () => Promise<void> }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const plan = params.get('test_checkout');
  const portal = params.get('test_portal') === '1';
  if (plan !== 'monthly' && plan !== 'yearly' && !portal) return null;

  const complete = async (body: Record<string, unknown>, done: string) => {
    setBusy(true);
    setProblem(null);
    try {
      const supabase = await loadSupabase();
      const { error } = await supabase.functions.invoke('test-checkout', { body });
      if (error) throw error;
      await onDone();
      notify({ kind: 'success', title: done });
      setParams({}, { replace: true });
    } catch (error) {
      console.error('The test checkout failed', error);
      setProblem(t('subscription.actionFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="test-checkout" className={styles.card} data-test-mode="true">
      <h2 id="test-checkout">{t('subscription.test.title')}</h2>
      <p>{t('subscription.test.explain')}</p>
      {portal ? (
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => void complete({ action: 'cancel' }, t('subscription.test.canceled'))}
        >
          {t('subscription.test.cancel')}
        </button>
      ) : (
        <button
          type="button"
          className="button button-primary"
          disabled={busy}
          onClick={() => void complete({ plan }, t('subscription.test.purchased'))}
        >
          {t('subscription.test.complete', { plan: t(`subscription.plans.${plan ?? 'monthly'}`) })}
        </button>
      )}
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={() => setParams({}, { replace: true })}
      >
        {t('subscription.test.back')}
      </button>
      {problem ? (
        <p role="alert" className={styles.error}>
          {problem}
        </p>
      ) : null}
    </section>
  );
}
