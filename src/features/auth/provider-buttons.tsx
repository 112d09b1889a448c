import { useTranslation } from 'react-i18next';

import { loadSupabase } from '../../lib/load-supabase.ts';
import styles from './auth-forms.module.css';
import { FormError } from './form-error.tsx';
import { OAUTH_PROVIDERS, PROVIDER_NAMES, returnUrl, type OAuthProvider } from './oauth-providers.ts';
import { useAuthAction } from './use-auth-action.ts';

/** "Continue with …": supabase-js sends the browser to the provider and back with a PKCE code. */
export function ProviderButtons({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation();
  const { pending, error, run } = useAuthAction();

  const start = (provider: OAuthProvider) =>
    run(async () =>
      (await loadSupabase()).auth.signInWithOAuth({
        provider,
        options: { redirectTo: returnUrl(window.location.origin, returnTo) },
      }),
    );

  return (
    <div className={styles.providers} aria-label={t('auth.providers.label')} role="group">
      {OAUTH_PROVIDERS.map((provider) => (
        <button
          key={provider}
          type="button"
          className="button"
          disabled={pending}
          onClick={() => void start(provider)}
        >
          {t('auth.providers.continueWith', { provider: PROVIDER_NAMES[provider] })}
        </button>
      ))}
      <FormError error={error} />
    </div>
  );
}
