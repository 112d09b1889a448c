import { describe, expect, it } from 'vitest';

import { authErrorKey } from './auth-error-message.ts';

describe('auth error messages', () => {
  it.each([
    [{ code: 'invalid_credentials', status: 400 }, 'auth.errors.invalidCredentials'],
    [{ code: 'user_already_exists', status: 422 }, 'auth.errors.emailExists'],
    [{ code: 'email_exists', status: 422 }, 'auth.errors.emailExists'],
    [{ code: 'weak_password', status: 422 }, 'auth.errors.weakPassword'],
    [{ code: 'email_not_confirmed', status: 400 }, 'auth.errors.emailNotConfirmed'],
    [{ code: 'over_request_rate_limit', status: 429 }, 'auth.errors.rateLimited'],
    [{ status: 429 }, 'auth.errors.rateLimited'],
    [{ code: 'otp_expired', status: 403 }, 'auth.errors.invalidCode'],
    [{ name: 'AuthRetryableFetchError', status: 0 }, 'auth.errors.network'],
    [new TypeError('Failed to fetch'), 'auth.errors.network'],
    [{ code: 'something_new', status: 400 }, 'auth.errors.unknown'],
    [null, 'auth.errors.unknown'],
  ])('%o reads as %s', (error, key) => {
    expect(authErrorKey(error)).toBe(key);
  });
});
