import { matchPath } from 'react-router-dom';

import { GUEST_ONLY_PATTERNS, paths, PRIVATE_PATTERNS } from './paths.ts';

export type Access = 'private' | 'guest-only' | 'public';

/**
 * Unknown paths are public so that a mistyped address shows the not-found screen to everyone rather
 * than a sign-in page that leads to a 404 (docs/adr/0004-routing-and-access.md).
 */
export function accessFor(pathname: string): Access {
  const matches = (pattern: string) => matchPath({ path: pattern, end: true }, pathname) !== null;
  if (GUEST_ONLY_PATTERNS.some(matches)) return 'guest-only';
  if (PRIVATE_PATTERNS.some(matches)) return 'private';
  return 'public';
}

interface RequestedLocation {
  pathname: string;
  search?: string;
  hash?: string;
}

/** Only same-app paths are honoured as a return target: never an absolute URL or a protocol-relative one. */
export function returnTarget(from: unknown): string {
  if (!from || typeof from !== 'object') return paths.dashboard;
  const { pathname, search = '', hash = '' } = from as RequestedLocation;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) {
    return paths.dashboard;
  }
  if (accessFor(pathname) === 'guest-only') return paths.dashboard;
  return `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
}

export type GuardDecision =
  { kind: 'wait' } | { kind: 'render' } | { kind: 'redirect'; to: string; keepFrom: boolean };

export function decideAccess(
  pathname: string,
  state: { loading: boolean; signedIn: boolean },
  from: unknown,
): GuardDecision {
  const access = accessFor(pathname);
  if (access === 'public') return { kind: 'render' };
  if (state.loading) return { kind: 'wait' };
  if (access === 'private' && !state.signedIn) return { kind: 'redirect', to: paths.auth, keepFrom: true };
  if (access === 'guest-only' && state.signedIn)
    return { kind: 'redirect', to: returnTarget(from), keepFrom: false };
  return { kind: 'render' };
}
