import { createHash, randomInt } from 'node:crypto';

import type { Queryable } from '../db/database.ts';

/** What a token proves. `email` at /verify accepts signup, magiclink and recovery tokens (GoTrue verify.go). */
export type OneTimeTokenType =
  'signup' | 'recovery' | 'magiclink' | 'email_change' | 'reauthentication' | 'phone';

/** Email links and codes stay valid for an hour (GoTrue's mailer OTP expiry is configurable; 3600 s is common). */
const ONE_TIME_TOKEN_TTL_SECONDS = 3600;

/** GoTrue crypto.GenerateTokenHash: hex(sha224(email_or_phone + token)). */
export function tokenHash(relatesTo: string, code: string): string {
  return createHash('sha224')
    .update(relatesTo + code)
    .digest('hex');
}

export interface IssuedToken {
  readonly code: string;
  readonly tokenHash: string;
}

/**
 * Issues a 6-digit code for `relatesTo` (an email or phone), replacing any earlier token of the same type for
 * the user: only the newest link or code works. Only the hash is stored.
 */
export async function issueOneTimeToken(
  q: Queryable,
  input: { userId: string; type: OneTimeTokenType; relatesTo: string; flowStateId?: string | undefined },
): Promise<IssuedToken> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const hash = tokenHash(input.relatesTo.toLowerCase(), code);
  await q.query('delete from auth.one_time_tokens where user_id = $1::uuid and token_type = $2', [
    input.userId,
    input.type,
  ]);
  await q.query(
    'insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, flow_state_id) values ($1::uuid, $2, $3, $4, $5::uuid)',
    [input.userId, input.type, hash, input.relatesTo.toLowerCase(), input.flowStateId ?? null],
  );
  return { code, tokenHash: hash };
}

export interface ConsumedToken {
  readonly userId: string;
  readonly type: OneTimeTokenType;
  readonly relatesTo: string;
  readonly flowStateId: string | null;
}

/** Finds a live token of one of `types` by hash and deletes it (single use). Undefined when none or expired. */
export async function consumeOneTimeToken(
  q: Queryable,
  hash: string,
  types: readonly OneTimeTokenType[],
): Promise<ConsumedToken | undefined> {
  const { rows } = await q.query<{
    user_id: string;
    token_type: OneTimeTokenType;
    relates_to: string;
    flow_state_id: string | null;
  }>(
    `delete from auth.one_time_tokens
      where id = (select id from auth.one_time_tokens
                   where token_hash = $1 and token_type = any(string_to_array($2, ','))
                     and created_at > now() - make_interval(secs => $3::int)
                   order by created_at desc limit 1)
      returning user_id::text, token_type, relates_to, flow_state_id::text`,
    [hash, types.join(','), ONE_TIME_TOKEN_TTL_SECONDS],
  );
  const row = rows[0];
  return row
    ? { userId: row.user_id, type: row.token_type, relatesTo: row.relates_to, flowStateId: row.flow_state_id }
    : undefined;
}
