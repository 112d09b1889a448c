/**
 * Whether the reset-password page was opened by a password-recovery flow (product spec §2): a hash with
 * type=recovery and an access token (implicit flow), a ?code= parameter (PKCE flow), or an existing
 * session while on the reset page. During recovery the app does not treat the user as signed in.
 */
const RESET_PASSWORD_PATH = '/auth/reset-password';

export type RecoverySource = 'hash' | 'code' | 'session';

export interface RecoveryLocation {
  pathname: string;
  search: string;
  hash: string;
}

export function detectRecoveryFlow(location: RecoveryLocation, hasSession: boolean): RecoverySource | null {
  if (location.pathname !== RESET_PASSWORD_PATH) return null;
  const hash = new URLSearchParams(location.hash.replace(/^#/, ''));
  if (hash.get('type') === 'recovery' && hash.get('access_token')) return 'hash';
  if (new URLSearchParams(location.search).get('code')) return 'code';
  if (hasSession) return 'session';
  return null;
}

/**
 * The address without the recovery secrets: the code parameter and the recovery hash are removed once
 * they have been used, so they are not left in history, bookmarks or screenshots.
 */
export function stripRecoveryParams(location: RecoveryLocation): string {
  const search = new URLSearchParams(location.search);
  search.delete('code');
  const query = search.toString();
  const hash = new URLSearchParams(location.hash.replace(/^#/, ''));
  const keepHash = !(
    hash.get('type') === 'recovery' ||
    hash.has('access_token') ||
    hash.has('refresh_token')
  );
  return `${location.pathname}${query ? `?${query}` : ''}${keepHash ? location.hash : ''}`;
}
