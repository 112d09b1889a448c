import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient, SupabaseClientOptions } from '@supabase/supabase-js';

let counter = 0;

/** An unmodified supabase-js client with in-memory session storage and no background refresh timer. */
export function client(
  url: string,
  key: string,
  options: SupabaseClientOptions<'public'>['auth'] = {},
): SupabaseClient {
  counter += 1;
  return createClient(url, key, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storageKey: `murmur-test-${counter}`,
      ...options,
    },
  });
}

export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.test`;
}

export interface MailboxMessage {
  readonly recipient: string;
  readonly subject: string;
  readonly text: string;
  readonly action_link: string | null;
  readonly code: string | null;
  readonly token_hash: string | null;
  readonly type: string;
}

export async function latestMail(url: string, to: string): Promise<MailboxMessage> {
  const response = await fetch(`${url}/mailbox/messages?to=${encodeURIComponent(to)}`);
  const messages = (await response.json()) as MailboxMessage[];
  const [latest] = messages;
  if (!latest) throw new Error(`no mail for ${to}`);
  return latest;
}

export function decodeJwt(token: string): Record<string, unknown> {
  const [, payload = ''] = token.split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}
