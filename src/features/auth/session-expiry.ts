/**
 * Product spec §8: an error whose message mentions an expired or invalid JWT means the session is gone.
 * On a page that needs a session the user is sent to / with 'Your session has expired. Please sign in
 * again.'; a network failure is never treated this way.
 */
export function isSessionExpiredMessage(message: unknown): boolean {
  if (typeof message !== 'string') return false;
  // Case as the servers write it: PostgREST says 'JWT expired', GoTrue 'invalid JWT: …'. 'Invalid JWT
  // signature' (a JWKS check of someone else's token) is a different error and does not match.
  return message.includes('JWT expired') || message.includes('invalid JWT');
}

/** Product spec §2: the paths a visitor may see without a session. */
const PUBLIC_PATHS: readonly string[] = [
  '/',
  '/login',
  '/auth',
  '/auth/reset-password',
  '/faq',
  '/privacy',
  '/terms',
];

export function isPublicPath(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PUBLIC_PATHS.includes(trimmed);
}

type ExpiryListener = (error: unknown) => void;
const listeners = new Set<ExpiryListener>();

/**
 * The hook point for everything that calls the server with the user's token (profile, sync engine):
 * hand every failure here. Returns whether it was a session-expired case, which the mounted
 * SessionExpiryWatcher then handles; other failures stay the caller's to report.
 */
export function reportAuthFailure(error: unknown): boolean {
  const message = typeof error === 'string' ? error : (error as { message?: unknown } | null)?.message;
  if (!isSessionExpiredMessage(message)) return false;
  listeners.forEach((listener) => listener(error));
  return true;
}

export function onSessionExpired(listener: ExpiryListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
