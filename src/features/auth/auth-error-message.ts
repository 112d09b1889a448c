/**
 * What an auth failure means for the person in front of the form, as a translation key. supabase-js
 * errors carry GoTrue's `code` (error_code) and an HTTP status; network failures carry neither.
 */
export type AuthErrorKey =
  | 'auth.errors.invalidCredentials'
  | 'auth.errors.emailExists'
  | 'auth.errors.weakPassword'
  | 'auth.errors.emailNotConfirmed'
  | 'auth.errors.rateLimited'
  | 'auth.errors.invalidCode'
  | 'auth.errors.samePassword'
  | 'auth.errors.wrongAuthenticatorCode'
  | 'auth.errors.identityTaken'
  | 'auth.errors.lastIdentity'
  | 'auth.errors.needsSecondFactor'
  | 'auth.errors.network'
  | 'auth.errors.unknown';

interface AuthErrorLike {
  code?: unknown;
  status?: unknown;
  name?: unknown;
  message?: unknown;
}

const BY_CODE: Record<string, AuthErrorKey> = {
  invalid_credentials: 'auth.errors.invalidCredentials',
  user_already_exists: 'auth.errors.emailExists',
  email_exists: 'auth.errors.emailExists',
  weak_password: 'auth.errors.weakPassword',
  email_not_confirmed: 'auth.errors.emailNotConfirmed',
  over_request_rate_limit: 'auth.errors.rateLimited',
  over_email_send_rate_limit: 'auth.errors.rateLimited',
  otp_expired: 'auth.errors.invalidCode',
  invalid_otp: 'auth.errors.invalidCode',
  same_password: 'auth.errors.samePassword',
  mfa_verification_failed: 'auth.errors.wrongAuthenticatorCode',
  mfa_challenge_expired: 'auth.errors.wrongAuthenticatorCode',
  identity_already_exists: 'auth.errors.identityTaken',
  single_identity_not_deletable: 'auth.errors.lastIdentity',
  insufficient_aal: 'auth.errors.needsSecondFactor',
};

export function authErrorKey(error: unknown): AuthErrorKey {
  if (!error || typeof error !== 'object') return 'auth.errors.unknown';
  const { code, status, name } = error as AuthErrorLike;
  if (typeof code === 'string' && BY_CODE[code]) return BY_CODE[code];
  if (name === 'AuthRetryableFetchError' || status === 0) return 'auth.errors.network';
  if (status === 429) return 'auth.errors.rateLimited';
  if (error instanceof TypeError) return 'auth.errors.network';
  return 'auth.errors.unknown';
}
