import type { Queryable } from '../db/database.ts';

/**
 * GoTrue's user object (models/user.go) rendered by Postgres. The optional `*_at` fields, `new_email`,
 * `new_phone` and `factors` are omitted when empty, as GoTrue's `omitempty` does; `identities` is always an array.
 */
const USER_JSON_SQL = /* sql */ `
select (
  jsonb_strip_nulls(jsonb_build_object(
    'email_confirmed_at', u.email_confirmed_at,
    'phone_confirmed_at', u.phone_confirmed_at,
    'confirmed_at', u.confirmed_at,
    'confirmation_sent_at', u.confirmation_sent_at,
    'recovery_sent_at', u.recovery_sent_at,
    'invited_at', u.invited_at,
    'new_email', nullif(u.email_change, ''),
    'email_change_sent_at', u.email_change_sent_at,
    'new_phone', nullif(u.phone_change, ''),
    'phone_change_sent_at', u.phone_change_sent_at,
    'reauthentication_sent_at', u.reauthentication_sent_at,
    'last_sign_in_at', u.last_sign_in_at,
    'banned_until', u.banned_until,
    'deleted_at', u.deleted_at,
    'factors', (
      select jsonb_agg(jsonb_build_object(
        'id', f.id, 'friendly_name', coalesce(f.friendly_name, ''), 'factor_type', f.factor_type, 'status', f.status,
        'created_at', f.created_at, 'updated_at', f.updated_at, 'last_challenged_at', f.last_challenged_at,
        'phone', coalesce(f.phone, '')) order by f.created_at)
      from auth.mfa_factors f where f.user_id = u.id)
  ))
  || jsonb_build_object(
    'id', u.id, 'aud', u.aud, 'role', u.role,
    'email', coalesce(u.email, ''), 'phone', coalesce(u.phone, ''),
    'app_metadata', u.raw_app_meta_data, 'user_metadata', u.raw_user_meta_data,
    'identities', coalesce((
      select jsonb_agg(jsonb_build_object(
        'identity_id', i.id, 'id', i.provider_id, 'user_id', i.user_id, 'identity_data', i.identity_data,
        'provider', i.provider, 'last_sign_in_at', i.last_sign_in_at, 'created_at', i.created_at,
        'updated_at', i.updated_at, 'email', i.email) order by i.created_at)
      from auth.identities i where i.user_id = u.id), '[]'::jsonb),
    'created_at', u.created_at, 'updated_at', u.updated_at, 'is_anonymous', u.is_anonymous)
)::text as user_json
from auth.users u where u.id = $1`;

export type UserJson = Record<string, unknown> & { readonly id: string };

export async function loadUserJson(q: Queryable, userId: string): Promise<UserJson | undefined> {
  const { rows } = await q.query<{ user_json: string }>(USER_JSON_SQL, [userId]);
  return rows[0] ? (JSON.parse(rows[0].user_json) as UserJson) : undefined;
}

/** The columns auth handlers decide on. */
export interface UserRow {
  readonly id: string;
  readonly email: string | null;
  readonly phone: string | null;
  readonly encrypted_password: string | null;
  readonly email_confirmed: boolean;
  readonly banned: boolean;
  readonly aud: string;
  readonly role: string;
  readonly is_anonymous: boolean;
  readonly email_change: string | null;
}

const USER_ROW_COLUMNS = `id::text, email, phone, encrypted_password, email_confirmed_at is not null as email_confirmed,
  coalesce(banned_until > now(), false) as banned, aud, role, is_anonymous, nullif(email_change, '') as email_change`;

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(
    `select ${USER_ROW_COLUMNS} from auth.users where lower(email) = lower($1) and is_sso_user = false`,
    [email],
  );
  return rows[0];
}

export async function findUserById(q: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(`select ${USER_ROW_COLUMNS} from auth.users where id = $1::uuid`, [
    id,
  ]);
  return rows[0];
}
