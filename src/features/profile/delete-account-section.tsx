import type { User } from '@supabase/supabase-js';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

import { loadSupabase } from '../../lib/load-supabase.ts';
import { notify } from '../../lib/toasts/toasts.ts';
import { TextField } from '../../ui/text-field.tsx';
import { FormError } from '../auth/form-error.tsx';
import { removeLocalData } from '../auth/remove-local-data.ts';
import styles from './profile.module.css';

/**
 * Deleting the account after the user types their email: the delete-account Edge Function removes the
 * auth user with the service role (their rows go with it through foreign keys), then this device
 * forgets the session and the user's local database.
 */
export function DeleteAccountSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const expected = user.email ?? user.phone ?? '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = typed.trim().toLowerCase() === expected.toLowerCase() ? null : 'profile.delete.mismatch';
    setProblem(found);
    if (found) return;
    setPending(true);
    setError(null);
    try {
      const supabase = await loadSupabase();
      const { error: failure } = await supabase.functions.invoke('delete-account', { method: 'POST' });
      if (failure) throw failure;
      // The user no longer exists on the server: only this device's copy of the session is left.
      await supabase.auth.signOut({ scope: 'local' });
      await removeLocalData(user.id);
      notify({ kind: 'success', title: t('profile.delete.done') });
      void navigate('/', { replace: true });
    } catch (failure) {
      console.error('Murmur could not delete the account', failure);
      setError('profile.delete.failed');
    } finally {
      setPending(false);
    }
  };

  return (
    <section className={`${styles.section} ${styles.danger}`} aria-labelledby="profile-delete">
      <h2 id="profile-delete">{t('profile.delete.heading')}</h2>
      <p>{t('profile.delete.explain')}</p>
      {open ? (
        <form onSubmit={(event) => void submit(event)} noValidate aria-busy={pending}>
          <TextField
            label={t('profile.delete.confirmLabel', { email: expected })}
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            error={problem ? t(problem) : null}
          />
          <FormError error={error} />
          <div className={styles.actions}>
            <button type="submit" className="button" disabled={pending}>
              {t('profile.delete.confirm')}
            </button>
            <button type="button" className="button" disabled={pending} onClick={() => setOpen(false)}>
              {t('profile.delete.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="button" onClick={() => setOpen(true)}>
          {t('profile.delete.start')}
        </button>
      )}
    </section>
  );
}
