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
