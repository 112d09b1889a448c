import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { MurmurDatabase } from '../../db/schema.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { FormError } from '../auth/index.ts';
import { returnedAuthError, withoutAuthReturn } from './auth-return.ts';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { DisplayNameSection } from './display-name-section.tsx';
import { EmailChangeSection } from './email-change-section.tsx';
import { IdentitiesSection } from './identities-section.tsx';
import { MfaSection } from './mfa-section.tsx';
import { PasswordChangeSection } from './password-change-section.tsx';
import styles from './profile.module.css';
import { SignOutSection } from './sign-out-section.tsx';
import { useAccount } from './use-account.ts';

interface ProfileSectionsProps {
  db: MurmurDatabase | null;
  syncNow?: () => Promise<void>;
}

/** /profile: everything about the account, read fresh from the server when the screen opens. */
export function ProfileSections({ db, syncNow }: ProfileSectionsProps) {
  const { t } = useTranslation();
  const { user, error, refresh } = useAccount();
  const [returnError] = useState(() => returnedAuthError(window.location));
  useEffect(() => {
    // Links (email change, identity linking) come back here with tokens, codes or errors in the address;
    // none may stay in the address bar or history. The signed-in session is already the right one.
    const clean = withoutAuthReturn(window.location);
    if (clean !== window.location.pathname + window.location.search + window.location.hash)
      window.history.replaceState(window.history.state, '', clean);
  }, []);
  const changed = () => void refresh();
  if (!user) return error ? <FormError error={error} /> : <Spinner label={t('common.loading')} />;
  return (
    <div className={styles.sections}>
      <DisplayNameSection user={user} />
      <EmailChangeSection user={user} onChanged={changed} />
      <PasswordChangeSection />
      <IdentitiesSection user={user} onChanged={changed} returnError={returnError} />
      <MfaSection user={user} onChanged={changed} />
      <SignOutSection db={db} syncNow={syncNow} />
      <DeleteAccountSection user={user} />
    </div>
  );
}
