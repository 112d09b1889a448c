import type { Queryable } from '../db/database.ts';

export interface OutgoingMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly actionLink?: string | undefined;
  readonly code?: string | undefined;
  readonly tokenHash?: string | undefined;
  /** signup, recovery, magiclink, email_change, reauthentication, sms. */
  readonly kind: string;
}

/** The development mailbox stands in for SMTP and SMS: messages are stored, shown at /mailbox, never sent. */
export async function deliverMessage(q: Queryable, message: OutgoingMessage): Promise<void> {
  await q.query(
    'insert into local_dev.mailbox (recipient, subject, body, action_link, code, token_hash, kind) values ($1, $2, $3, $4, $5, $6, $7)',
    [
      message.to.toLowerCase(),
      message.subject,
      message.text,
      message.actionLink ?? null,
      message.code ?? null,
      message.tokenHash ?? null,
      message.kind,
    ],
  );
}

export interface MailboxEntry {
  readonly id: number;
  readonly recipient: string;
  readonly subject: string;
  readonly text: string;
  readonly action_link: string | null;
  readonly code: string | null;
  readonly token_hash: string | null;
  readonly type: string;
  readonly created_at: string;
}

/** Newest first; all recipients when `to` is undefined. */
export async function listMessages(
  q: Queryable,
  to: string | undefined,
  limit = 100,
): Promise<MailboxEntry[]> {
  const { rows } = await q.query<{ entry: string }>(
    `select json_build_object('id', id, 'recipient', recipient, 'subject', subject, 'text', body, 'action_link', action_link,
            'code', code, 'token_hash', token_hash, 'type', kind, 'created_at', created_at)::text as entry
       from local_dev.mailbox where $1::text is null or recipient = lower($1::text)
      order by id desc limit $2::int`,
    [to ?? null, limit],
  );
  return rows.map((row) => JSON.parse(row.entry) as MailboxEntry);
}
