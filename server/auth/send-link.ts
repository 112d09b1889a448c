import type { BackendContext } from '../backend-context.ts';
import type { Queryable } from '../db/database.ts';
import { createFlowState, verifyLink } from './auth-input.ts';
import { deliverMessage } from './mailbox.ts';
import { issueOneTimeToken } from './one-time-tokens.ts';
import type { OneTimeTokenType } from './one-time-tokens.ts';

const SUBJECTS: Partial<Record<OneTimeTokenType, string>> = {
  signup: 'Confirm Your Signup',
  recovery: 'Reset Your Password',
  magiclink: 'Your Magic Link',
  email_change: 'Confirm Email Change',
};

const SENT_AT_COLUMN: Partial<Record<OneTimeTokenType, string>> = {
  signup: 'confirmation_sent_at',
  recovery: 'recovery_sent_at',
  magiclink: 'recovery_sent_at',
  email_change: 'email_change_sent_at',
};

/**
 * Issues a one-time token of `type` and mails its link and code to `email`. In a PKCE flow the token is
 * tied to a flow state, so following the link yields `?code=` for the client to exchange.
 */
export async function sendEmailLink(
  q: Queryable,
  ctx: BackendContext,
  input: {
    userId: string;
    email: string;
    type: OneTimeTokenType;
    redirectTo: string;
    pkce?: { challenge: string; method: string } | undefined;
  },
): Promise<void> {
  const authenticationMethod = input.type === 'signup' ? 'email/signup' : input.type;
  const flowStateId = input.pkce
    ? await createFlowState(q, { userId: input.userId, pkce: input.pkce, authenticationMethod })
    : undefined;
  const token = await issueOneTimeToken(q, {
    userId: input.userId,
    type: input.type,
    relatesTo: input.email,
    flowStateId,
  });
  const column = SENT_AT_COLUMN[input.type];
  if (column) await q.query(`update auth.users set ${column} = now() where id = $1::uuid`, [input.userId]);
  const link = verifyLink(ctx, token.tokenHash, input.type, input.redirectTo);
  await deliverMessage(q, {
    to: input.email,
    subject: SUBJECTS[input.type] ?? 'Your code',
    text: `Follow this link:\n${link}\n\nOr enter this code: ${token.code}`,
    actionLink: link,
    code: token.code,
    tokenHash: token.tokenHash,
    kind: input.type,
  });
}

/** Texts a code to `phone` through the mailbox (the development SMS outbox). */
export async function sendSmsCode(q: Queryable, input: { userId: string; phone: string }): Promise<void> {
  const token = await issueOneTimeToken(q, { userId: input.userId, type: 'phone', relatesTo: input.phone });
  await q.query('update auth.users set confirmation_sent_at = now() where id = $1::uuid', [input.userId]);
  await deliverMessage(q, {
    to: input.phone,
    subject: 'SMS',
    text: `Your code is ${token.code}`,
    code: token.code,
    tokenHash: token.tokenHash,
    kind: 'sms',
  });
}
