import type { User } from '@supabase/supabase-js';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { loadSupabase } from '../../lib/load-supabase.ts';
import { EmailField } from '../auth/index.ts';
import { FormError } from '../auth/index.ts';
import { useAuthAction } from '../auth/index.ts';
import { emailProblem } from '../auth/index.ts';
import styles from './profile.module.css';

/** A new email takes effect only after the link sent to it is opened; until then it is shown as pending. */
export function EmailChangeSection({ user, onChanged }: { user: User; onChanged: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { pending, error, run } = useAuthAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = emailProblem(email);
    setProblem(found);
    if (found) return;
    const ok = await run(async () =>
      (await loadSupabase()).auth.updateUser(
        { email: email.trim() },
        { emailRedirectTo: `${window.location.origin}/profile` },
      ),
    );
    if (ok) {
      setEmail('');
      onChanged();
    }
  };

  return (
    <section className={styles.section} aria-labelledby="profile-email">
      <h2 id="profile-email">{t('profile.email.heading')}</h2>
      <p>{t('profile.email.current', { email: user.email ?? '—' })}</p>
      {user.new_email ? (
        <p className={styles.notice} role="status">
          {t('profile.email.pending', { email: user.new_email })}
        </p>
      ) : null}
      <form onSubmit={(event) => void submit(event)} noValidate aria-busy={pending}>
        <EmailField value={email} onChange={setEmail} problem={problem} label={t('profile.email.new')} />
        <FormError error={error} />
        <button type="submit" className="button" disabled={pending}>
          {t('profile.email.change')}
        </button>
      </form>
    </section>
  );
}
