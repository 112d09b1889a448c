import { describe, expect, it } from 'vitest';

import { isSessionExpiredMessage } from './session-expiry.ts';

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
