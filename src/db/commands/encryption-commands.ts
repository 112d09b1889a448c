import type { Stored } from '../entities/common.ts';
import { tablePolicy, type SyncedTable } from '../entities/entity-tables.ts';
import { heldJournalKey, holdJournalKey } from '../journal-key.ts';
import type { DbPorts } from '../ports.ts';
import { isResending, RESENDING_KEY } from '../resending.ts';
import type { MurmurDatabase, OutboxRow } from '../schema.ts';
import { getClientId, getHlcState, getMeta, setMeta } from '../sync-meta.ts';
import type { CommandContext } from './command-context.ts';
import { planChange } from './plan-change.ts';
import { changeScope } from './write-change.ts';

/** The tables whose rows hold what a person wrote and that a device may change (ADR 0151). */
const WRITTEN_TABLES = [
  'notes',
  'diary_entries',
  'mood_entries',
  'recordings',
] as const satisfies SyncedTable[];

/** Rows resent in one transaction: large enough to be quick, small enough to keep each commit short. */
const BATCH = 250;

/** Where a resend stopped: the next table to finish and the last id done in it (sync_meta `resending`). */
interface ResendPosition {
  table: (typeof WRITTEN_TABLES)[number];
  after: string;
}

export interface ResendProgress {
  done: number;
  total: number;
}

/** A value with nothing in it reveals nothing, and is not resent. */
function hasWords(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  return !(Array.isArray(value) && value.length === 0);
}

/**
 * One batch of rows queued again, inside the caller's transaction over changeScope(table): each planned
 * as writeChange plans a change (a new HLC after the one before it), from one read of the client id and
 * the HLC state, and all written with one request per store. A change written, and so requested, row by
 * row was most of the time a journal of ten thousand entries took to encrypt.
 */
async function resendRows(
  db: MurmurDatabase,
  ports: DbPorts,
  table: SyncedTable,
  rows: readonly Stored<Record<string, unknown>>[],
): Promise<void> {
  const fields = Object.keys(tablePolicy(table).protectedFields);
  const [clientId, firstHlc] = await Promise.all([getClientId(db, ports.ids), getHlcState(db)]);
  let hlcState = firstHlc;
  const written: Stored<Record<string, unknown>>[] = [];
  const queued: OutboxRow[] = [];
  for (const row of rows) {
    const id = String(row['id']);
    const patch = Object.fromEntries(
      fields.filter((field) => hasWords(row[field])).map((field) => [field, row[field]]),
    );
    if (Object.keys(patch).length === 0) continue;
    const planned = planChange(
      ports,
      table,
      id,
      patch,
      { resend: true, allowDeleted: true },
      { existing: row, clientId, hlcState },
    );
    if (!planned) continue;
    // Only an editor's save (with what it saw) displaces a value; a resend never does.
    if (planned.conflicts.length > 0) throw new Error(`Resending ${table} ${id} displaced a value`);
    written.push(planned.row);
    queued.push(planned.outbox);
    hlcState = planned.hlc;
  }
  if (queued.length === 0) return;
  // bulkAdd gives the outbox rows their seqs in this order, the order of their HLCs.
  await Promise.all([
    db.entityTable(table).bulkPut(written),
    db.outbox.bulkAdd(queued),
    setMeta(db, 'hlc', hlcState),
  ]);
}

/**
 * Turning end-to-end encryption on, on this device (ADR 0151): the data key is kept here, and what
 * was written before is queued again so that it leaves sealed. The local copy stays clear; sealing
 * happens as a push request is built, so a resend that runs twice (a reload mid-way) only queues some
 * rows twice, never encrypts anything twice.
 */
export function encryptionCommands(ctx: CommandContext) {
  const { db, ports } = ctx;
  return {
    /** Keeps the journal's unlocked data key on this device; sync seals and opens with it from now on. */
    holdJournalKey: (key: CryptoKey) => holdJournalKey(db, key),

    /**
     * Whether a recording may leave this device for the cloud transcription service the person chose:
     * always in a journal in clear; in an encrypted one only once allowed here (ADR 0151).
     */
    async cloudTranscriptionAllowed(): Promise<boolean> {
      if ((await heldJournalKey(db)) === null) return true;
      return (await getMeta<boolean>(db, 'cloud_transcription_allowed')) === true;
    },

    /** Allows (or no longer allows) an encrypted journal's recordings to go to the chosen service. */
    allowCloudTranscription: (allowed: boolean) => setMeta(db, 'cloud_transcription_allowed', allowed),

    /** Marks the journal's existing entries to be resent sealed; resendWrittenEntries does it. */
    async startResendingWrittenEntries(): Promise<void> {
      await setMeta(db, RESENDING_KEY, { table: WRITTEN_TABLES[0], after: '' } satisfies ResendPosition);
    },

    /** Whether a resend was started and has not finished (it goes on after a reload). */
    resendingWrittenEntries: (): Promise<boolean> => isResending(db),

    /**
     * Queues every entry's protected fields again with a new HLC, in batches, from where the last run
     * stopped; each batch and the position after it commit together, so a reload resumes after the
     * last batch done. Deleted entries too: the trash holds words. Resolves once all are queued.
     */
    async resendWrittenEntries(onProgress: (progress: ResendProgress) => void = () => undefined) {
      const counts = await Promise.all(WRITTEN_TABLES.map((table) => db.entityTable(table).count()));
      const total = counts.reduce((sum, count) => sum + count, 0);
      let position = await getMeta<ResendPosition>(db, RESENDING_KEY);
      let done = 0;
      for (const [index, table] of WRITTEN_TABLES.entries()) {
        if (!position) break;
        if (WRITTEN_TABLES.indexOf(position.table) > index) {
          done += counts[index] ?? 0;
          continue;
        }
        done += await db.entityTable(table).where(':id').belowOrEqual(position.after).count();
        onProgress({ done, total });
        let after = position.after;
        for (;;) {
          // Read in the transaction that queues them: a value changed since cannot be resent stale.
          const { count, next } = await db.transaction('rw', changeScope(db, table), async () => {
            const rows = await db.entityTable(table).where(':id').above(after).limit(BATCH).toArray();
            const next: ResendPosition | undefined =
              rows.length === BATCH
                ? { table, after: String(rows.at(-1)?.['id']) }
                : WRITTEN_TABLES[index + 1]
                  ? { table: WRITTEN_TABLES[index + 1] as ResendPosition['table'], after: '' }
                  : undefined;
            await resendRows(db, ports, table, rows);
            if (next) await setMeta(db, RESENDING_KEY, next);
            else await db.sync_meta.delete(RESENDING_KEY);
            return { count: rows.length, next };
          });
          done += count;
          onProgress({ done, total });
          position = next;
          if (!next || next.table !== table) break;
          after = next.after;
        }
      }
    },
  };
}
