import { useTranslation } from 'react-i18next';

import { notify } from '../../lib/toasts/toasts.ts';
import { NewPasswordForm } from '../auth/index.ts';
import styles from './profile.module.css';

/** A new password, confirmed; the server ends the user's other sessions when it changes. */
export function PasswordChangeSection() {
  const { t } = useTranslation();
  return (
    <section className={styles.section} aria-labelledby="profile-password">
      <h2 id="profile-password">{t('profile.password.heading')}</h2>
      <NewPasswordForm
        buttonClassName="button"
        submitLabel={t('profile.password.change')}
        onSaved={() => notify({ kind: 'success', title: t('profile.password.changed') })}
      />
    </section>
  );
}
