import type { User, UserIdentity } from '@supabase/supabase-js';
import { useTranslation } from 'react-i18next';

import { loadSupabase } from '../../lib/load-supabase.ts';
import { notify } from '../../lib/toasts/toasts.ts';
import { FormError } from '../auth/index.ts';
import { OAUTH_PROVIDERS, PROVIDER_NAMES, type OAuthProvider } from '../auth/index.ts';
import { useAuthAction } from '../auth/index.ts';
import styles from './profile.module.css';

const nameOf = (provider: string) => PROVIDER_NAMES[provider] ?? provider;

/**
 * The ways this account can sign in. Linking goes through the provider and comes back here; the last
 * identity cannot be unlinked (the server refuses, and so does the button).
 */
interface IdentitiesSectionProps {
  user: User;
  onChanged: () => void;
  /** Why the last link through a provider failed, as it came back in the address. */
  returnError?: string | null;
}

export function IdentitiesSection({ user, onChanged, returnError = null }: IdentitiesSectionProps) {
  const { t } = useTranslation();
  const { pending, error, run } = useAuthAction();
  const identities = user.identities ?? [];
  const linked = new Set(identities.map((identity) => identity.provider));

  const link = (provider: OAuthProvider) =>
    run(async () =>
      (await loadSupabase()).auth.linkIdentity({
        provider,
        options: { redirectTo: `${window.location.origin}/profile` },
      }),
    );

  const unlink = async (identity: UserIdentity) => {
    const ok = await run(async () => (await loadSupabase()).auth.unlinkIdentity(identity));
    if (!ok) return;
    notify({
      kind: 'success',
      title: t('profile.identities.unlinked', { provider: nameOf(identity.provider) }),
    });
    onChanged();
  };

  return (
    <section className={styles.section} aria-labelledby="profile-identities">
      <h2 id="profile-identities">{t('profile.identities.heading')}</h2>
      <ul className={styles.list}>
        {identities.map((identity) => (
          <li key={identity.identity_id} className={styles.row}>
            <span>
              {nameOf(identity.provider)}
              {typeof identity.identity_data?.['email'] === 'string'
                ? ` · ${identity.identity_data['email']}`
                : ''}
            </span>
            <button
              type="button"
              className="button"
              disabled={pending || identities.length < 2}
              onClick={() => void unlink(identity)}
              aria-label={t('profile.identities.unlink', { provider: nameOf(identity.provider) })}
            >
              {t('profile.identities.unlinkShort')}
            </button>
          </li>
        ))}
      </ul>
      {identities.length < 2 ? <p className={styles.hint}>{t('profile.identities.lastOne')}</p> : null}
      <div className={styles.actions}>
        {OAUTH_PROVIDERS.filter((provider) => !linked.has(provider)).map((provider) => (
          <button
            key={provider}
            type="button"
            className="button"
            disabled={pending}
            onClick={() => void link(provider)}
          >
            {t('profile.identities.link', { provider: nameOf(provider) })}
          </button>
        ))}
      </div>
      <FormError error={error ?? returnError} />
    </section>
  );
}
