import { isSyncedTable, tablePolicy } from '../db/entities/entity-tables.ts';
import type { MurmurDatabase } from '../db/schema.ts';
import { MalformedResponseError } from './errors.ts';
import {
  PROTOCOL_VERSION,
  pullResponseSchema,
  type PullRequest,
  type PullResponse,
  type ServerRow,
} from './protocol.ts';
import type { SyncSession, SyncTransport } from './transport.ts';

/**
 * Every pulled row's data against its table's schema, and its id against the row's: a row that would
 * not pass the commands' own validation never reaches the database. Rows of tables this client does
 * not know are left for applyPullPage to skip.
 */
export function validatePulledRows(rows: readonly ServerRow[]): void {
  for (const row of rows) {
    if (!isSyncedTable(row.table)) continue;
    const parsed = tablePolicy(row.table).schema.safeParse(row.data);
    if (!parsed.success || row.data['id'] !== row.id) {
      throw new MalformedResponseError(`pulled ${row.table} ${row.id} is invalid`);
    }
  }
}

/** One pull round trip (R13): the page after `cursor`, validated row by row; nothing is written. */
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
  validatePulledRows(page.rows);
  return page;
}
