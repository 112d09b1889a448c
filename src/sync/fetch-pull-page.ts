import { isSyncedTable, tablePolicy } from '../db/entities/entity-tables.ts';
import type { MurmurDatabase } from '../db/schema.ts';
import { openPulledRows, type JournalCipher } from './crypto/journal-cipher.ts';
import { MalformedResponseError } from './errors.ts';
import {
  PROTOCOL_VERSION,
  pullEnvelopeSchema,
  safeParseServerRow,
  type CheckedPullPage,
  type PullEnvelope,
  type PullRequest,
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
    const shape = safeParseServerRow(raw);
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

/** A page's rows checked: those to apply, and those a device without the key keeps sealed (R47). */
export interface CheckedRows {
  rows: ServerRow[];
  kept: ServerRow[];
}

/**
 * Rows kept sealed are checked for their shape and id only: a sealed value fails its field's schema,
 * and they are checked whole once opened (keptRowsApplied).
 */
function checkKeptRows(raw: readonly unknown[]): ServerRow[] {
  return raw.map((value) => {
    const shape = safeParseServerRow(value);
    if (!shape.success) throw new MalformedResponseError(`pulled row: ${shape.error.message}`);
    if (shape.data.data['id'] !== shape.data.id) {
      throw new MalformedResponseError(`pulled ${shape.data.table} ${shape.data.id} is invalid`);
    }
    return shape.data;
  });
}

/**
 * A pull page's or a poke's rows opened (an encrypted journal's, with the key) and checked (R4): on a
 * device without the key, those holding a sealed value come apart, to be kept (R47).
 */
export async function checkPulledRows(
  cipher: JournalCipher | null,
  raw: readonly unknown[],
): Promise<CheckedRows> {
  const { open, sealed } = await openPulledRows(cipher, raw);
  return { rows: validatePulledRows(open), kept: checkKeptRows(sealed) };
}

export interface PullPageOptions {
  limit: number;
  wantDigest: boolean;
  /** An encrypted journal's key: the page's rows are opened before they are checked. */
  cipher: JournalCipher | null;
}

/** A page whose envelope is read, so where the next page starts is known; its rows are not checked yet. */
export interface FetchedPullPage {
  readonly envelope: PullEnvelope;
  /**
   * The page with every row opened (an encrypted journal's) and checked (R4, R13), and on a device
   * without the key the rows holding a sealed value apart (R47); rejects with MalformedResponseError on
   * a malformed one, JournalDecryptionError on one that does not open.
   */
  check(): Promise<CheckedPullPage>;
}

/**
 * One pull round trip (R13): the page after `cursor`, its envelope checked; its rows are checked by
 * `check()`, so the next page's request can leave before this page's rows are checked. Nothing is
 * written.
 */
export async function fetchPullEnvelope(
  db: MurmurDatabase,
  transport: SyncTransport,
  session: SyncSession,
  clientId: string,
  cursor: number,
  options: PullPageOptions,
): Promise<FetchedPullPage> {
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
  if (!envelope.reset_required && envelope.next_cursor < cursor) {
    throw new MalformedResponseError('pull page is not after our cursor');
  }
  return { envelope, check: () => checkPullPage(envelope, cursor, options.cipher) };
}

async function checkPullPage(
  envelope: PullEnvelope,
  cursor: number,
  cipher: JournalCipher | null,
): Promise<CheckedPullPage> {
  if (envelope.reset_required) return envelope;
  const { rows, kept } = await checkPulledRows(cipher, envelope.rows);
  const page = { ...envelope, rows };
  if ([...rows, ...kept].some((r) => r.version <= cursor || r.version > page.next_cursor)) {
    throw new MalformedResponseError('pull page is not after our cursor');
  }
  return kept.length > 0 ? { ...page, kept } : page;
}
