import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';

import { notify } from '../../lib/toasts/toasts.ts';
import type { BillingFunctions } from './billing-functions.ts';
import styles from './subscription.module.css';

/**
 * Where no payment provider is configured, checkout and the billing portal come back here with
 * ?test_checkout=<plan> or ?test_portal=1. This card completes the flow through the test-checkout
 * function, which refuses to run wherever real payments are set up. It says plainly that it is a test.
 */
export function TestCheckout({
  complete,
  onDone,
}: {
  complete: BillingFunctions['completeTestCheckout'];
  onDone: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const completion = useMutation({
    mutationFn: async ({ request }: { request: Parameters<typeof complete>[0]; done: string }) => {
      await complete(request);
      await onDone();
    },
    onSuccess: (_result, { done }) => {
      notify({ kind: 'success', title: done });
      setParams({}, { replace: true });
    },
    onError: (error) => console.error('The test checkout failed', error),
  });
  const busy = completion.isPending;
  const problem = completion.isError ? t('subscription.actionFailed') : null;
  const asked = params.get('test_checkout');
  const plan = asked === 'monthly' || asked === 'yearly' ? asked : null;
  const portal = params.get('test_portal') === '1';
  if (plan === null && !portal) return null;

  return (
    <section aria-labelledby="test-checkout" className={styles.card} data-test-mode="true">
      <h2 id="test-checkout">{t('subscription.test.title')}</h2>
      <p>{t('subscription.test.explain')}</p>
      {portal || plan === null ? (
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() =>
            completion.mutate({ request: { action: 'cancel' }, done: t('subscription.test.canceled') })
          }
        >
          {t('subscription.test.cancel')}
        </button>
      ) : (
        <button
          type="button"
          className="button button-primary"
          disabled={busy}
          onClick={() => completion.mutate({ request: { plan }, done: t('subscription.test.purchased') })}
        >
          {t('subscription.test.complete', { plan: t(`subscription.plans.${plan}`) })}
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
