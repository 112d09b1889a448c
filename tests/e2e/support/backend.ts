import { expect, type APIRequestContext } from '@playwright/test';

/** The local backend the suite starts (playwright.config.ts) and its public development anon key. */
export const API_URL = process.env['VITE_SUPABASE_URL'] ?? 'http://127.0.0.1:54321';
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

let counter = 0;

/** An address no other test uses, so tests can run in parallel on one backend. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

/** Creates an account through the real sign-up endpoint (email confirmation is off by default). */
export async function createAccount(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<void> {
  const response = await request.post(`${API_URL}/auth/v1/signup`, {
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    data: { email, password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

export interface MailboxMessage {
  recipient: string;
  subject: string;
  text: string;
  action_link: string | null;
  code: string | null;
  type: string;
}

/** The newest message the development mailbox holds for an address, waiting for it to arrive. */
export async function latestMail(request: APIRequestContext, to: string): Promise<MailboxMessage> {
  let message: MailboxMessage | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`${API_URL}/mailbox/messages?to=${encodeURIComponent(to)}`);
      const messages = (await response.json()) as MailboxMessage[];
      message = messages[0];
      return messages.length;
    })
    .toBeGreaterThan(0);
  if (!message) throw new Error(`no mail for ${to}`);
  return message;
}
