import { beforeEach, describe, expect, it } from 'vitest';

import { hasAuthCallback, readStoredSession, sessionStorageKeyFor } from './stored-session.ts';

const url = 'http://127.0.0.1:54321';
const now = Date.UTC(2026, 10, 22, 12);
const store = (value: unknown) => localStorage.setItem('sb-127-auth-token', JSON.stringify(value));
const session = (expiresInS: number) => ({
  access_token: 'a',
  refresh_token: 'r',
  expires_at: now / 1000 + expiresInS,
  user: { id: 'u1' },
});

describe('stored session', () => {
  beforeEach(() => localStorage.clear());

  it('uses the key supabase-js uses', () => {
    expect(sessionStorageKeyFor(url)).toBe('sb-127-auth-token');
    expect(sessionStorageKeyFor('https://abcd.supabase.co')).toBe('sb-abcd-auth-token');
  });

  it('is none when nothing, garbage or an incomplete object is stored', () => {
    expect(readStoredSession(url, now)).toEqual({ kind: 'none' });
    localStorage.setItem('sb-127-auth-token', 'not json');
    expect(readStoredSession(url, now)).toEqual({ kind: 'none' });
    store({ access_token: 'a' });
    expect(readStoredSession(url, now)).toEqual({ kind: 'none' });
  });

  it('is fresh with more than 90 s left, stale otherwise', () => {
    store(session(3600));
    expect(readStoredSession(url, now).kind).toBe('fresh');
    store(session(91));
    expect(readStoredSession(url, now).kind).toBe('fresh');
    store(session(90));
    expect(readStoredSession(url, now)).toMatchObject({ kind: 'stale', session: { access_token: 'a' } });
    store(session(-60));
    expect(readStoredSession(url, now).kind).toBe('stale');
  });

  it('recognises auth callbacks in the address', () => {
    expect(hasAuthCallback({ search: '?code=abc', hash: '' })).toBe(true);
    expect(hasAuthCallback({ search: '', hash: '#access_token=x&type=recovery' })).toBe(true);
    expect(hasAuthCallback({ search: '', hash: '#error=access_denied&error_description=nope' })).toBe(true);
    expect(hasAuthCallback({ search: '?tag=travel', hash: '#here' })).toBe(false);
  });
});
