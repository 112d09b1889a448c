import type { Provider } from '@supabase/supabase-js';

/** The identity providers configured for Murmur (issue 5: Google, Apple and GitHub), in button order. */
export const OAUTH_PROVIDERS = ['google', 'apple', 'github'] as const satisfies readonly Provider[];

export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

export const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  google: 'Google',
  apple: 'Apple',
  github: 'GitHub',
  sso: 'SSO',
  email: 'Email',
  phone: 'Phone',
};

/**
 * Where a provider sends the browser back: the page the visitor asked for, so after the code exchange
 * (PKCE) they land where they wanted to go. Only same-origin paths are used.
 */
export function returnUrl(origin: string, returnTo: string): string {
  const path = returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : '/app';
  return `${origin}${path}`;
}
