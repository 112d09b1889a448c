import type { User } from '@supabase/supabase-js';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

import { loadSupabase } from '../../lib/load-supabase.ts';
import { notify } from '../../lib/toasts/toasts.ts';
import { removeLocalData } from '../auth/index.ts';
import { DeleteAccountForm } from './delete-account-form.tsx';
import styles from './profile.module.css';

/**
 * Deleting the account: the delete-account Edge Function removes the auth user with the service role
 * (their rows go with it through foreign keys), then this device forgets the session and the user's
 * local database.
 *
 * The function deletes only for a sign-in made in the last few minutes, so that a device left signed in
 * is not enough. The form therefore always asks the person to prove it is them, up front, in the same
 * submit as the confirmation: the password when the account has an email identity (one submit signs in
 * again and deletes), otherwise, or on request, a code emailed (texted for a phone-only account) and
 * entered next; then the authenticator or SMS code if the account has a second step. The new sign-in is
 * made on a separate client whose session lives in memory only: the app's own session stays as it is,
 * so a sign-in still owing its second step never makes the guard leave this screen, and cancelling
 * leaves nothing changed. Should the function still answer `reauthentication_needed` (or
 * `aal2_required`), the form comes back with that message and the person proves it again.
 */
export function DeleteAccountSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const start = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  // Closing the form puts the keyboard back on the button that opened it.
  useEffect(() => {
    if (wasOpen.current && !open) start.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const deleted = async () => {
    try {
      // The user no longer exists on the server: only this device's copy of the session is left.
      await (await loadSupabase()).auth.signOut({ scope: 'local' });
      await removeLocalData(user.id);
    } catch (failure) {
      console.error('Murmur deleted the account but could not clear it from this device', failure);
    }
    notify({ kind: 'success', title: t('profile.delete.done') });
    void navigate('/', { replace: true });
  };

  return (
    <section className={`${styles.section} ${styles.danger}`} aria-labelledby="profile-delete">
      <h2 id="profile-delete">{t('profile.delete.heading')}</h2>
      <p>{t('profile.delete.explain')}</p>
      {open ? (
        <DeleteAccountForm user={user} onDeleted={deleted} onClose={() => setOpen(false)} />
      ) : (
        <button ref={start} type="button" className="button" onClick={() => setOpen(true)}>
          {t('profile.delete.start')}
        </button>
      )}
    </section>
  );
}
