import { authErrorKey, type AuthErrorKey } from '../auth/index.ts';

const AUTH_PARAMS = ['error', 'error_code', 'error_description', 'code', 'sb'];

/**
 * What a provider or email link reports when it comes back to the profile: GoTrue puts a failure in
 * both the query and the fragment (`error_code`), a success's tokens in the fragment.
 */
export function returnedAuthError(location: { search: string; hash: string }): AuthErrorKey | null {
  const query = new URLSearchParams(location.search);
  const hash = new URLSearchParams(location.hash.replace(/^#/, ''));
  const code = query.get('error_code') ?? hash.get('error_code');
  const description = query.get('error_description') ?? hash.get('error_description');
  if (!code && !description) return null;
  return authErrorKey({ code: code ?? undefined, message: description ?? undefined });
}

/** The address without what the auth round trip added, so tokens and codes stay out of history. */
export function withoutAuthReturn(location: { pathname: string; search: string; hash: string }): string {
  const query = new URLSearchParams(location.search);
  for (const name of AUTH_PARAMS) query.delete(name);
  const hash = new URLSearchParams(location.hash.replace(/^#/, ''));
  const authHash = hash.has('access_token') || hash.has('error') || hash.has('error_code');
  const search = query.toString();
  return `${location.pathname}${search ? `?${search}` : ''}${authHash ? '' : location.hash}`;
}
