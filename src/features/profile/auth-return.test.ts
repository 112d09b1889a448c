import { describe, expect, it } from 'vitest';

import { returnedAuthError, withoutAuthReturn } from './auth-return.ts';

describe('coming back to the profile from a provider or an email link', () => {
  it('explains a failed link in plain language', () => {
    const location = {
      search:
        '?error=server_error&error_code=identity_already_exists&error_description=Identity+is+already+linked',
      hash: '#error=server_error&error_code=identity_already_exists',
    };
    expect(returnedAuthError(location)).toBe('auth.errors.identityTaken');
    expect(returnedAuthError({ search: '', hash: '#access_token=a&type=email_change' })).toBeNull();
  });

  it('removes tokens, codes and errors from the address but keeps everything else', () => {
    expect(
      withoutAuthReturn({ pathname: '/profile', search: '', hash: '#access_token=a&refresh_token=b' }),
    ).toBe('/profile');
    expect(
      withoutAuthReturn({ pathname: '/profile', search: '?tab=x&error_code=e&error=s', hash: '#error=s' }),
    ).toBe('/profile?tab=x');
    expect(withoutAuthReturn({ pathname: '/profile', search: '', hash: '#identities' })).toBe(
      '/profile#identities',
    );
  });
});
