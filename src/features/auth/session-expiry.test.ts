import { describe, expect, it } from 'vitest';

import {
  isPublicPath,
  isSessionExpiredMessage,
  onSessionExpired,
  reportAuthFailure,
} from './session-expiry.ts';

describe('session expiry', () => {
  it.each(['JWT expired', 'PGRST301: JWT expired', 'invalid JWT: unable to parse or verify signature'])(
    'recognises "%s"',
    (message) => expect(isSessionExpiredMessage(message)).toBe(true),
  );

  it.each([
    'Failed to fetch',
    'Invalid login credentials',
    'Invalid JWT signature',
    'jwt expired',
    '',
    null,
    42,
  ])('does not treat %s as an expired session', (message) =>
    expect(isSessionExpiredMessage(message)).toBe(false),
  );
});

describe('session-expired reports', () => {
  it('treats only the paths a visitor may see as public', () => {
    for (const path of [
      '/',
      '/login',
      '/auth',
      '/auth/reset-password',
      '/faq',
      '/privacy',
      '/terms',
      '/faq/',
    ])
      expect(isPublicPath(path)).toBe(true);
    for (const path of ['/app', '/profile', '/notes', '/settings/appearance', '/onboarding', '/support'])
      expect(isPublicPath(path)).toBe(false);
  });

  it('tells listeners about expired sessions only, and stops when they unsubscribe', () => {
    const heard: unknown[] = [];
    const stop = onSessionExpired((error) => heard.push(error));
    const expired = { message: 'JWT expired', code: 'PGRST303' };
    expect(reportAuthFailure(expired)).toBe(true);
    expect(reportAuthFailure(new TypeError('Failed to fetch'))).toBe(false);
    expect(reportAuthFailure('invalid JWT: token has invalid claims: token is expired')).toBe(true);
    stop();
    expect(reportAuthFailure(expired)).toBe(true);
    expect(heard).toEqual([expired, 'invalid JWT: token has invalid claims: token is expired']);
  });
});
