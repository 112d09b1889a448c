import type { MurmurDatabase } from '../db/schema.ts';
import { getCursor } from '../db/sync-meta.ts';
import { applyPullPage } from './apply-pull-page.ts';
import { MalformedResponseError } from './errors.ts';
import { PROTOCOL_VERSION, pullResponseSchema, type PullRequest } from './protocol.ts';
import type { SyncSession, SyncTransport } from './transport.ts';

export type PullPageOutcome =
  | { kind: 'reset' }
  | { kind: 'page'; hasMore: boolean; cursor: number; clock: number; digestMismatch: string[] };

/** One pull round trip (R13–R15): fetch the page after our cursor, validate it, apply it. */
export async function pullOnce(
  db: MurmurDatabase,
  transport: SyncTransport,
  session: SyncSession,
  clientId: string,
  options: { limit: number; wantDigest: boolean },
): Promise<PullPageOutcome> {
  const cursor = await getCursor(db);
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
  if (page.reset_required) return { kind: 'reset' };
  if (
    page.next_cursor < cursor ||
    page.rows.some((r) => r.version <= cursor || r.version > page.next_cursor)
  ) {
    throw new MalformedResponseError('pull page is not after our cursor');
  }
  const digest = !page.has_more && page.next_cursor === page.clock ? page.digest : undefined;
  const result = await applyPullPage(db, page.rows, page.next_cursor, digest);
  return {
    kind: 'page',
    hasMore: page.has_more,
    cursor: result.cursor,
    clock: page.clock,
    digestMismatch: result.digestMismatch,
  };
}
