import type { User } from '@supabase/supabase-js';

/** Where a one-time code can be sent to sign the user in again. */
export type CodeContact = { readonly email: string } | { readonly phone: string };

export interface ReauthenticationWays {
  /** Whether to ask for the password first: the account has an email identity, which may hold one. */
  readonly password: boolean;
  /** Where a code goes instead (for accounts without a password, or a forgotten one). */
  readonly code: CodeContact | null;
}

/**
 * How a user can sign in again. GoTrue does not say whether an account has a password, only which
 * identities it has: an email identity may have been made by an emailed code, so the code stays on offer.
 */
export function reauthenticationWays(user: User): ReauthenticationWays {
  const email = user.email ?? '';
  if (email !== '') {
    const password = (user.identities ?? []).some((identity) => identity.provider === 'email');
    return { password, code: { email } };
  }
  const phone = user.phone ?? '';
  return { password: false, code: phone !== '' ? { phone } : null };
}
