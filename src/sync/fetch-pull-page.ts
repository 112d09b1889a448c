import type { MurmurDatabase } from '../db/schema.ts';
import { MalformedResponseError } from './errors.ts';
import { PROTOCOL_VERSION, pullResponseSchema, type PullRequest, type PullResponse } from './protocol.ts';
import type { SyncSession, SyncTransport } from './transport.ts';

/** One pull round trip (R13): the page after `cursor`, validated; nothing is written. */
export async function fetchPullPage(
  db: MurmurDatabase,
  transport: SyncTransport,
  session: SyncSession,
  clientId: string,
  cursor: number,
  options: { limit: number; wantDigest: boolean },
): Promise<PullResponse> {
  const request: PullRequest = {
    protocol: PROTOCOL_VERSION,
    client_id: clientId,
    user_id: db.userId,
    cursor,
    limit: options.limit,
    want_digest: options.wantDigest,
  };
  const raw = await transport.pull(request, session);
  const parsed = pullResponseSchema.safeParse(raw);
  if (!parsed.success) throw new MalformedResponseError(`pull response: ${parsed.error.message}`);
  const page = parsed.data;
  if (page.reset_required) return page;
  if (
    page.next_cursor < cursor ||
    page.rows.some((r) => r.version <= cursor || r.version > page.next_cursor)
  ) {
    throw new MalformedResponseError('pull page is not after our cursor');
  }
  return page;
}
