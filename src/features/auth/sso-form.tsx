import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { loadSupabase } from '../../lib/load-supabase.ts';
import { TextField } from '../../ui/text-field.tsx';
import styles from './auth-forms.module.css';
import { FormError } from './form-error.tsx';
import { returnUrl } from './oauth-providers.ts';
import { useAuthAction } from './use-auth-action.ts';
import { domainProblem } from './validate-credentials.ts';

/** Single sign-on found by the company's email domain; supabase-js redirects to the company's provider. */
export function SsoForm({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation();
  const [domain, setDomain] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { pending, error, run } = useAuthAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = domainProblem(domain);
    setProblem(found);
    if (found) return;
    await run(async () =>
      (await loadSupabase()).auth.signInWithSSO({
        domain: domain.trim().toLowerCase(),
        options: { redirectTo: returnUrl(window.location.origin, returnTo) },
      }),
    );
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-busy={pending}>
      <p>{t('auth.sso.intro')}</p>
      <TextField
        label={t('auth.sso.domain')}
        placeholder="example.com"
        autoComplete="off"
        value={domain}
        onChange={(event) => setDomain(event.target.value)}
        error={problem ? t(problem) : null}
      />
      <FormError error={error} />
      <button type="submit" className="button button-primary" disabled={pending}>
        {t('auth.sso.continue')}
      </button>
    </form>
  );
}
