import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { loadSupabase } from '../../lib/load-supabase.ts';
import { notify } from '../../lib/toasts/toasts.ts';
import { TextField } from '../../ui/text-field.tsx';
import styles from './auth-forms.module.css';
import { FormError } from './form-error.tsx';
import { useAuth } from './use-auth.ts';
import { useAuthAction } from './use-auth-action.ts';
import { useSignOut } from './use-sign-out.ts';

/** Who is signed in, their display name, and the way out. */
export function ProfileDetails() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const initialName =
    typeof user?.user_metadata['display_name'] === 'string' ? user.user_metadata['display_name'] : '';
  const [name, setName] = useState<string>(initialName);
  const { pending, error, run } = useAuthAction();
  const { signOut, pending: signingOut } = useSignOut();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const ok = await run(async () =>
      (await loadSupabase()).auth.updateUser({ data: { display_name: name.trim() } }),
    );
    if (ok) notify({ kind: 'success', title: t('profile.saved') });
  };

  return (
    <div className={styles.panel}>
      <p>{t('profile.signedInAs', { email: user?.email ?? '' })}</p>
      <form className={styles.form} onSubmit={(event) => void save(event)} aria-busy={pending}>
        <TextField
          label={t('profile.displayName')}
          autoComplete="name"
          value={name}
          maxLength={80}
          onChange={(event) => setName(event.target.value)}
        />
        <FormError error={error} />
        <button type="submit" className="button button-primary" disabled={pending}>
          {t('profile.save')}
        </button>
      </form>
      <h2 className={styles.heading}>{t('profile.signOutHeading')}</h2>
      <button type="button" className="button" onClick={() => void signOut()} disabled={signingOut}>
        {t('profile.signOut')}
      </button>
    </div>
  );
}
