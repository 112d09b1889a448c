import type { Session } from '@supabase/supabase-js';

import { readLocal } from './local-store.ts';

/**
 * Reads the session supabase-js keeps, without loading supabase-js, so the first screen can be chosen
 * at once. supabase-js stays the authority: it loads right after and confirms, refreshes or ends the
 * session. Key and validity rule as auth-js has them: `sb-<first label of the host>-auth-token`, valid
 * when access_token, refresh_token and expires_at are present.
 */
const SESSION_EXPIRY_MARGIN_MS = 90_000;

export function sessionStorageKeyFor(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}

export type StoredSessionState =
  | { kind: 'none' }
  /** Usable as it is for at least the expiry margin. */
  | { kind: 'fresh'; session: Session }
  /**
   * Present but about to expire (or expired): supabase-js must refresh it before anyone relies on it.
   * The session is kept so a user who is offline can go on using local data.
   */
  | { kind: 'stale'; session: Session | null };

export function readStoredSession(supabaseUrl: string, nowMs: number): StoredSessionState {
  const raw = readLocal(sessionStorageKeyFor(supabaseUrl));
  if (!raw) return { kind: 'none' };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { kind: 'none' };
  }
  if (!value || typeof value !== 'object') return { kind: 'none' };
  const { access_token, refresh_token, expires_at, user } = value as Record<string, unknown>;
  if (
    typeof access_token !== 'string' ||
    typeof refresh_token !== 'string' ||
    typeof expires_at !== 'number'
  ) {
    return { kind: 'none' };
  }
  if (!user || typeof user !== 'object') return { kind: 'stale', session: null };
  if (expires_at * 1000 - nowMs <= SESSION_EXPIRY_MARGIN_MS)
    return { kind: 'stale', session: value as Session };
  return { kind: 'fresh', session: value as Session };
}

/** An OAuth, magic-link, recovery or PKCE callback in the address: supabase-js must handle it first. */
export function hasAuthCallback(location: { search: string; hash: string }): boolean {
  const query = new URLSearchParams(location.search);
  const hash = new URLSearchParams(location.hash.replace(/^#/, ''));
  return (
    query.has('code') ||
    query.has('error_description') ||
    hash.has('access_token') ||
    hash.has('error_description') ||
    hash.has('error')
  );
}
