import type { User } from '@supabase/supabase-js';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { loadSupabase } from '../../lib/load-supabase.ts';
import { notify } from '../../lib/toasts/toasts.ts';
import { TextField } from '../../ui/text-field.tsx';
import { FormError } from '../auth/index.ts';
import { useAuthAction } from '../auth/index.ts';
import styles from './profile.module.css';

export function displayNameOf(user: User | null): string {
  const name = user?.user_metadata['display_name'];
  return typeof name === 'string' ? name : '';
}

/** The name Murmur greets the user with, kept in the account's user metadata. */
export function DisplayNameSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const [name, setName] = useState<string>(() => displayNameOf(user));
  const { pending, error, run } = useAuthAction();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const ok = await run(async () =>
      (await loadSupabase()).auth.updateUser({ data: { display_name: name.trim() } }),
    );
    if (ok) notify({ kind: 'success', title: t('profile.saved') });
  };

  return (
    <section className={styles.section} aria-labelledby="profile-name">
      <h2 id="profile-name">{t('profile.nameHeading')}</h2>
      <p>{t('profile.signedInAs', { email: user.email ?? user.phone ?? '' })}</p>
      <form onSubmit={(event) => void save(event)} aria-busy={pending}>
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
    </section>
  );
}
