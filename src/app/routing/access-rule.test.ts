import { describe, expect, it } from 'vitest';

import { accessFor, decideAccess, returnTarget } from './access-rule.ts';

const visitor = { loading: false, signedIn: false };
const member = { loading: false, signedIn: true };

describe('access rule', () => {
  it.each([
    ['/', 'guest-only'],
    ['/auth', 'guest-only'],
    ['/login', 'guest-only'],
    ['/auth/reset-password', 'public'],
    ['/faq', 'public'],
    ['/privacy', 'public'],
    ['/terms', 'public'],
    ['/support', 'public'],
    ['/subscription', 'public'],
    ['/onboarding', 'public'],
    ['/no/such/page', 'public'],
    ['/app', 'private'],
    ['/profile', 'private'],
    ['/notes', 'private'],
    ['/calendar', 'private'],
    ['/diary', 'private'],
    ['/mood', 'private'],
    ['/insights', 'private'],
    ['/mood/entry', 'private'],
    ['/mood/entry/2026-11-22', 'private'],
    ['/settings', 'private'],
    ['/settings/appearance', 'private'],
  ])('%s is %s', (path, access) => {
    expect(accessFor(path)).toBe(access);
  });

  it('sends a visitor on a private path to /auth keeping where they were going', () => {
    expect(decideAccess('/notes', visitor, null)).toEqual({ kind: 'redirect', to: '/auth', keepFrom: true });
  });

  it('waits for the session check before deciding a private or guest-only path', () => {
    expect(decideAccess('/notes', { loading: true, signedIn: false }, null)).toEqual({ kind: 'wait' });
    expect(decideAccess('/auth', { loading: true, signedIn: false }, null)).toEqual({ kind: 'wait' });
    expect(decideAccess('/faq', { loading: true, signedIn: false }, null)).toEqual({ kind: 'render' });
  });

  it('sends a signed-in user from /, /auth and /login to /app, or back to the asked page', () => {
    for (const path of ['/', '/auth', '/login']) {
      expect(decideAccess(path, member, null)).toEqual({ kind: 'redirect', to: '/app', keepFrom: false });
    }
    expect(decideAccess('/auth', member, { pathname: '/notes', search: '?q=tea', hash: '#x' })).toEqual({
      kind: 'redirect',
      to: '/notes?q=tea#x',
      keepFrom: false,
    });
  });

  it('never returns to another origin or to a guest-only page', () => {
    expect(returnTarget({ pathname: '//evil.example/x' })).toBe('/app');
    expect(returnTarget({ pathname: 'https://evil.example/' })).toBe('/app');
    expect(returnTarget({ pathname: '/auth' })).toBe('/app');
    expect(returnTarget('nonsense')).toBe('/app');
  });
});
