import { everyFieldAt, sharedHlc } from '../hlc.ts';

/**
 * A landed row keeps an HLC its fields share once (docs/adr/0118): a note a first sync pulls was
 * usually written by one command, and its eleven copies of one 55-character HLC were most of what a
 * landed chunk's structured clone wrote in the sync worker and read back on the page. Only the chunk
 * is smaller: every reader gets the row as its table stores it, through tableRowOf.
 */
interface RowWithSync {
  _sync: { hlc: Record<string, string> | string };
}

function hasSync(row: Record<string, unknown>): row is Record<string, unknown> & RowWithSync {
  const sync = row['_sync'];
  return typeof sync === 'object' && sync !== null && 'hlc' in sync;
}

function fieldsOf(row: Record<string, unknown>): string[] {
  return Object.keys(row).filter((key) => key !== '_sync');
}

/** The row as a chunk keeps it: with `_sync.hlc` one string when every field has that HLC. */
export function landedRowOf(row: Record<string, unknown>): Record<string, unknown> {
  if (!hasSync(row) || typeof row._sync.hlc === 'string') return row;
  const shared = sharedHlc(fieldsOf(row), row._sync.hlc);
  return shared === undefined ? row : { ...row, _sync: { ...row._sync, hlc: shared } };
}

/** The row as its table stores it; `row` itself is left as it is (a chunk's rows are shared). */
export function tableRowOf(row: Record<string, unknown>): Record<string, unknown> {
  if (!hasSync(row) || typeof row._sync.hlc !== 'string') return row;
  return { ...row, _sync: { ...row._sync, hlc: everyFieldAt(fieldsOf(row), row._sync.hlc) } };
}
