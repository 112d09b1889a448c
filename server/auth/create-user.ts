import { randomUUID } from 'node:crypto';

import bcrypt from 'bcryptjs';

import type { Queryable } from '../db/database.ts';
import type { JsonObject } from './auth-input.ts';

/** bcrypt cost 10, GoTrue's default. */
export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, 10);
}

/** A hash of a random password, compared against when the user is unknown so timing does not reveal accounts. */
const DUMMY_HASH = bcrypt.hashSync(randomUUID(), 10);

export function checkPassword(password: string, hash: string | null): Promise<boolean> {
  return bcrypt.compare(password, hash ?? DUMMY_HASH).then((ok) => ok && hash !== null);
}

/**
 * Creates a user with its identity as GoTrue does (models/user.go NewUser, models/identity.go): provider
 * 'email' (or 'phone'), identity id = user id, and user_metadata carrying the identity fields plus `data`.
 */
export async function createUser(
  q: Queryable,
  input: {
    email?: string | undefined;
    phone?: string | undefined;
    passwordHash: string | null;
    data: JsonObject;
    confirmed: boolean;
    /** An external identity (OAuth or SSO) instead of the email or phone one. */
    identity?: { provider: string; providerId: string } | undefined;
  },
): Promise<string> {
  const id = randomUUID();
  const provider = input.identity?.provider ?? (input.email ? 'email' : 'phone');
  const providerId = input.identity?.providerId ?? id;
  const identityData: JsonObject = {
    sub: providerId,
    ...(input.email ? { email: input.email } : { phone: input.phone }),
    email_verified: input.confirmed && provider !== 'phone',
    phone_verified: input.confirmed && provider === 'phone',
  };
  const userMetadata = { ...input.data, ...identityData };
  await q.query(
    `insert into auth.users (id, instance_id, aud, role, email, phone, encrypted_password, raw_app_meta_data, raw_user_meta_data,
                             email_confirmed_at, phone_confirmed_at)
     values ($1::uuid, '00000000-0000-0000-0000-000000000000', 'authenticated', 'authenticated', $2::varchar, $3::text, $4::varchar, $5::jsonb, $6::jsonb,
             case when $7::boolean and $2::varchar is not null then now() end,
             case when $7::boolean and $3::text is not null then now() end)`,
    [
      id,
      input.email ?? null,
      input.phone ?? null,
      input.passwordHash,
      JSON.stringify({ provider, providers: [provider] }),
      JSON.stringify(userMetadata),
      input.confirmed,
    ],
  );
  await q.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at) values ($1, $2::uuid, $3::jsonb, $4, now())`,
    [providerId, id, JSON.stringify(identityData), provider],
  );
  return id;
}

/** Marks the email (or phone) confirmed and records `*_verified: true` in metadata and identity data. */
export async function confirmUser(q: Queryable, userId: string, channel: 'email' | 'phone'): Promise<void> {
  const flag = channel === 'email' ? 'email_verified' : 'phone_verified';
  await q.query(
    `update auth.users set ${channel === 'email' ? 'email_confirmed_at' : 'phone_confirmed_at'} = coalesce(${channel === 'email' ? 'email_confirmed_at' : 'phone_confirmed_at'}, now()),
            raw_user_meta_data = raw_user_meta_data || jsonb_build_object($2::text, true), updated_at = now()
      where id = $1::uuid`,
    [userId, flag],
  );
  await q.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object($2::text, true), updated_at = now() where user_id = $1::uuid and provider = $3`,
    [userId, flag, channel],
  );
}
