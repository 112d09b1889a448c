import type { SyncedTable } from './entities/entity-tables.ts';
import type { MurmurDatabase } from './schema.ts';
import { getMeta, setMeta } from './sync-meta.ts';

/**
 * Where turning encryption on (or off) stopped resending what was written before
 * (encryption-commands.ts): `{ table, after, clear? }`, `clear` when the entries go out readable again.
 */
export const RESENDING_KEY = 'resending';

/**
 * The tables whose rows hold what a person wrote and that a device may change (ADR 0151), in resend
 * order: the entries, then the conflicts that keep versions of their words (R48).
 */
export const WRITTEN_TABLES = [
  'notes',
  'diary_entries',
  'mood_entries',
  'recordings',
  'conflicts',
] as const satisfies SyncedTable[];

type WrittenTable = (typeof WRITTEN_TABLES)[number];

/**
 * Where a resend stopped: the next table to finish and the last id done in it (sync_meta `resending`);
 * `clear` when it resends the journal readable (turning encryption off, ADR 0152).
 */
export interface ResendPosition {
  table: WrittenTable;
  after: string;
  clear?: true;
}

/** Which way a resend goes: sealed (turning encryption on) or clear (turning it off, ADR 0152). */
export type ResendDirection = 'sealed' | 'clear';

/**
 * Whether a resend was started and has not finished: it goes on after a reload. A read alone, kept
 * apart from the commands so that a screen can watch it without loading them.
 */
export async function isResending(db: MurmurDatabase): Promise<boolean> {
  return (await getMeta(db, RESENDING_KEY)) !== undefined;
}

/** Which way the unfinished resend goes, or null when none is under way. */
export async function resendDirection(db: MurmurDatabase): Promise<ResendDirection | null> {
  const position = await getMeta<{ clear?: boolean }>(db, RESENDING_KEY);
  if (position === undefined) return null;
  return position.clear === true ? 'clear' : 'sealed';
}

/**
 * Sets the clear resend back so that it covers these entries (ADR 0152): they were opened with the key
 * this device retired when it turned encryption off, so the server holds them sealed and only this
 * device can send them readable. The position moves to the start of the first of their tables unless
 * the resend has yet to reach every one of them. Runs inside the caller's transaction over sync_meta,
 * the one that stores the entries, so a reload cannot separate them.
 */
export async function resendAgainFrom(
  db: MurmurDatabase,
  entries: readonly { table: string; id: string }[],
): Promise<void> {
  const order = (table: string) => WRITTEN_TABLES.indexOf(table as WrittenTable);
  const covered = entries.filter(({ table }) => order(table) >= 0);
  if (covered.length === 0) return;
  const position = await getMeta<ResendPosition>(db, RESENDING_KEY);
  const reaches = (entry: { table: string; id: string }) =>
    position !== undefined &&
    (order(position.table) < order(entry.table) ||
      (position.table === entry.table && position.after < entry.id));
  if (position?.clear === true && covered.every(reaches)) return;
  const first = Math.min(...covered.map(({ table }) => order(table)));
  await setMeta(db, RESENDING_KEY, {
    table: WRITTEN_TABLES[first] ?? WRITTEN_TABLES[0],
    after: '',
    clear: true,
  } satisfies ResendPosition);
}
