import type { User } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';

import { reauthenticationWays } from './reauthentication-ways.ts';

function user(fields: Partial<User>): User {
  return {
    id: 'b8f1c3de-0d5e-4c0e-9b7a-2f4c1d3e5a6b',
    app_metadata: {},
    user_metadata: {},
    aud: 'authenticated',
    created_at: '2026-01-01T00:00:00Z',
    ...fields,
  };
}

function identity(provider: string): NonNullable<User['identities']>[number] {
  return { id: provider, identity_id: provider, user_id: 'u', provider, identity_data: {} };
}

describe('reauthenticationWays', () => {
  it('asks an account with an email identity for its password, with an emailed code on offer', () => {
    const ways = reauthenticationWays(user({ email: 'ada@example.com', identities: [identity('email')] }));
    expect(ways).toEqual({ password: true, code: { email: 'ada@example.com' } });
  });

  it('emails a code to an account that signs in only with another provider', () => {
    const ways = reauthenticationWays(user({ email: 'ada@example.com', identities: [identity('github')] }));
    expect(ways).toEqual({ password: false, code: { email: 'ada@example.com' } });
  });

  it('texts a code to an account with only a phone number', () => {
    const ways = reauthenticationWays(
      user({ email: '', phone: '4915123456789', identities: [identity('phone')] }),
    );
    expect(ways).toEqual({ password: false, code: { phone: '4915123456789' } });
  });

  it('has no way for an account with neither', () => {
    expect(reauthenticationWays(user({ email: '', phone: '' }))).toEqual({ password: false, code: null });
  });
});
