import { isSyncedTable, tablePolicy } from '../db/entities/entity-tables.ts';
import type { MurmurDatabase } from '../db/schema.ts';
import { MalformedResponseError } from './errors.ts';
import type { YieldToUi } from './ports.ts';
import {
  PROTOCOL_VERSION,
  pullEnvelopeSchema,
  serverRowSchema,
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
export function validatePulledRows(rows: readonly unknown[]): ServerRow[] {
  return rows.map((raw) => {
    const shape = serverRowSchema.safeParse(raw);
    if (!shape.success) throw new MalformedResponseError(`pulled row: ${shape.error.message}`);
    const row = shape.data;
    if (!isSyncedTable(row.table)) return row;
    const parsed = tablePolicy(row.table).schema.safeParse(row.data);
    if (!parsed.success || row.data['id'] !== row.id) {
      throw new MalformedResponseError(`pulled ${row.table} ${row.id} is invalid`);
    }
    return row;
  });
}

/** Rows checked between pauses for the UI: a few ms of work each at 1× CPU. */
const ROWS_PER_CHECK = 100;

/**
 * One pull round trip (R13): the page after `cursor`, validated row by row, in slices with pauses for
 * the UI between them; nothing is written.
 */
export async function fetchPullPage(
  db: MurmurDatabase,
  transport: SyncTransport,
  session: SyncSession,
  clientId: string,
  cursor: number,
  options: { limit: number; wantDigest: boolean; yieldToUi?: YieldToUi },
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
  const parsed = pullEnvelopeSchema.safeParse(raw);
  if (!parsed.success) throw new MalformedResponseError(`pull response: ${parsed.error.message}`);
  const envelope = parsed.data;
  if (envelope.reset_required) return envelope;
  // A page of a thousand rows takes over 50 ms to check on a slow phone: in slices, with pauses.
  const rows: ServerRow[] = [];
  for (let start = 0; start < envelope.rows.length; start += ROWS_PER_CHECK) {
    if (start > 0) await options.yieldToUi?.();
    rows.push(...validatePulledRows(envelope.rows.slice(start, start + ROWS_PER_CHECK)));
  }
  const page = { ...envelope, rows };
  if (page.next_cursor < cursor || rows.some((r) => r.version <= cursor || r.version > page.next_cursor)) {
    throw new MalformedResponseError('pull page is not after our cursor');
  }
  return page;
}
