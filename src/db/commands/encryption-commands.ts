import { startAudioResealing } from '../audio-resealing.ts';
import type { Stored } from '../entities/common.ts';
import { tablePolicy, type SyncedTable } from '../entities/entity-tables.ts';
import {
  heldJournalKey,
  holdJournalKey,
  JOURNAL_KEY,
  RETIRED_JOURNAL_KEY,
  retiredJournalKey,
} from '../journal-key.ts';
import type { DbPorts } from '../ports.ts';
import {
  isResending,
  RESENDING_KEY,
  WRITTEN_TABLES,
  type ResendDirection,
  type ResendPosition,
} from '../resending.ts';
import type { MurmurDatabase, OutboxRow } from '../schema.ts';
import { getClientId, getHlcState, getMeta, setMeta } from '../sync-meta.ts';
import { TURNING_OFF_KEY, turningEncryptionOff, type TurningOff } from '../turning-encryption-off.ts';
import type { CommandContext } from './command-context.ts';
import { planChange } from './plan-change.ts';
import { changeScope } from './write-change.ts';

/** Rows resent in one transaction: large enough to be quick, small enough to keep each commit short. */
const BATCH = 250;

export interface ResendProgress {
  done: number;
  total: number;
}

/** A resend found its stored position changed by a new start (resendWrittenEntries). */
const SUPERSEDED = Symbol('superseded');

function samePosition(stored: ResendPosition | undefined, expected: ResendPosition | undefined): boolean {
  return (
    stored?.table === expected?.table &&
    stored?.after === expected?.after &&
    (stored?.clear === true) === (expected?.clear === true)
  );
}

/** Turning encryption on: a value with nothing in it reveals nothing, and is not resent sealed. */
function hasWords(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  return !(Array.isArray(value) && value.length === 0);
}

/**
 * Turning it off: every value the server may hold sealed goes again, an empty one too (an empty text
 * or tag list was sealed like any other; only null never is, seal-patch.ts), or a device without the
 * key would keep the whole row aside for one sealed empty field.
 */
function mayBeSealed(value: unknown): boolean {
  return value !== null && value !== undefined;
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
  direction: ResendDirection,
): Promise<void> {
  const fields = Object.keys(tablePolicy(table).protectedFields);
  const resent = direction === 'clear' ? mayBeSealed : hasWords;
  const [clientId, firstHlc] = await Promise.all([getClientId(db, ports.ids), getHlcState(db)]);
  let hlcState = firstHlc;
  const written: Stored<Record<string, unknown>>[] = [];
  const queued: OutboxRow[] = [];
  for (const row of rows) {
    // A conflict kept on this device alone (version 0) is not on the server: nothing to replace (R48).
    if (table === 'conflicts' && row._sync.version === 0) continue;
    const id = String(row['id']);
    const patch = Object.fromEntries(
      fields.filter((field) => resent(row[field])).map((field) => [field, row[field]]),
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
 * rows twice, never encrypts anything twice. Turning it off (ADR 0152) resends the same way, in clear,
 * once the key is forgotten.
 */
export function encryptionCommands(ctx: CommandContext) {
  const { db, ports } = ctx;
  const commands = {
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
    /**
     * Encryption was turned off elsewhere (ADR 0152): the rows this device kept sealed while locked
     * (R47) will never open here; the turning-off device resends every entry clear, which the next pull
     * brings. On the device that turned it off they open with its retired key, and stay to be resent.
     */
    async dropSealedRows(): Promise<void> {
      await db.transaction('rw', db.sealed_rows, db.sync_meta, async () => {
        if ((await retiredJournalKey(db)) === null) await db.sealed_rows.clear();
      });
    },

    /** Marks the journal's existing entries to be resent sealed; resendWrittenEntries does it. */
    async startResendingWrittenEntries(): Promise<void> {
      await setMeta(db, RESENDING_KEY, { table: WRITTEN_TABLES[0], after: '' } satisfies ResendPosition);
    },

    /** Marks every recording's audio in Storage to be sealed (turning encryption on); the sync host does it. */
    startResealingAudio: () => startAudioResealing(db, ports.ids, { target: 'sealed' }),

    /** Marks every recording's sealed audio in Storage to be opened with `key` and stored clear (turning off). */
    startUnsealingAudio: (key: CryptoKey) => startAudioResealing(db, ports.ids, { target: 'clear', key }),

    /**
     * Turning encryption off was confirmed for the envelope read at `version`: recorded, with the key
     * this device holds, before the envelope is removed, so that a reload after its removal still
     * forgets the key, resends clear and opens the stored audio. Only an unlocked device turns it off.
     */
    async startTurningEncryptionOff(version: number): Promise<void> {
      await db.transaction('rw', db.sync_meta, async () => {
        const key = await heldJournalKey(db);
        if (!key) throw new Error('Only a device that holds the journal key turns encryption off');
        await setMeta(db, TURNING_OFF_KEY, { version, key } satisfies TurningOff);
      });
    },

    /** The turning off confirmed here and not yet finished, if any. */
    turningEncryptionOff: (): Promise<TurningOff | undefined> => turningEncryptionOff(db),

    /** The envelope changed before it could be removed (a re-wrap elsewhere): nothing was turned off. */
    cancelTurningEncryptionOff: () => db.sync_meta.delete(TURNING_OFF_KEY),

    /**
     * The envelope is gone from the server: in one transaction, the clear resend is marked from the
     * start, the audio step is started with the recorded key (ADR 0153), the key is forgotten (kept
     * retired, to open and never to seal) and the turning off is done. From the commit on, pushes
     * leave clear and the server takes them (R46); before it, a push leaves sealed and, the envelope
     * being gone, is refused whole and kept (R46), never stored half.
     */
    async finishTurningEncryptionOff(): Promise<void> {
      await db.transaction('rw', db.sync_meta, async () => {
        const pending = await turningEncryptionOff(db);
        if (pending) await startAudioResealing(db, ports.ids, { target: 'clear', key: pending.key });
        // Kept to open what another device sealed just before the removal and this one pulls after it.
        const retired = pending?.key ?? (await heldJournalKey(db));
        if (retired) await setMeta(db, RETIRED_JOURNAL_KEY, retired);
        await setMeta(db, RESENDING_KEY, {
          table: WRITTEN_TABLES[0],
          after: '',
          clear: true,
        } satisfies ResendPosition);
        await db.sync_meta.bulkDelete([JOURNAL_KEY, TURNING_OFF_KEY]);
      });
    },

    /** Whether a resend was started and has not finished (it goes on after a reload). */
    resendingWrittenEntries: (): Promise<boolean> => isResending(db),

    /**
     * Queues every entry's protected fields again with a new HLC, in batches, from where the last run
     * stopped; each batch and the position after it commit together, so a reload resumes after the
     * last batch done. Deleted entries too: the trash holds words. Resolves once all are queued, with
     * the way they went (null when there was nothing to resend). A resend started anew while this one
     * runs (encryption turned off during turning it on) takes over from its own start: a batch commits
     * only while the stored position is the one it continues.
     */
    async resendWrittenEntries(
      onProgress: (progress: ResendProgress) => void = () => undefined,
    ): Promise<ResendDirection | null> {
      for (;;) {
        const outcome = await resendFromStoredPosition(onProgress);
        if (outcome !== SUPERSEDED) return outcome;
      }
    },
  };

  async function resendFromStoredPosition(
    onProgress: (progress: ResendProgress) => void,
  ): Promise<ResendDirection | null | typeof SUPERSEDED> {
    const counts = await Promise.all(WRITTEN_TABLES.map((table) => db.entityTable(table).count()));
    const total = counts.reduce((sum, count) => sum + count, 0);
    let position = await getMeta<ResendPosition>(db, RESENDING_KEY);
    const direction: ResendDirection | null = position ? (position.clear ? 'clear' : 'sealed') : null;
    // Every position written below keeps the way the resend goes.
    const way = position?.clear ? { clear: true as const } : {};
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
        const from = position;
        // Read in the transaction that queues them: a value changed since cannot be resent stale.
        const batch = await db.transaction('rw', changeScope(db, table), async () => {
          if (!samePosition(await getMeta<ResendPosition>(db, RESENDING_KEY), from)) return SUPERSEDED;
          const rows = await db.entityTable(table).where(':id').above(after).limit(BATCH).toArray();
          const next: ResendPosition | undefined =
            rows.length === BATCH
              ? { table, after: String(rows.at(-1)?.['id']), ...way }
              : WRITTEN_TABLES[index + 1]
                ? { table: WRITTEN_TABLES[index + 1] as ResendPosition['table'], after: '', ...way }
                : undefined;
          await resendRows(db, ports, table, rows, way.clear ? 'clear' : 'sealed');
          if (next) await setMeta(db, RESENDING_KEY, next);
          else await db.sync_meta.delete(RESENDING_KEY);
          return { count: rows.length, next };
        });
        if (batch === SUPERSEDED) return SUPERSEDED;
        const { count, next } = batch;
        done += count;
        onProgress({ done, total });
        position = next;
        if (!next || next.table !== table) break;
        after = next.after;
      }
    }
    return direction;
  }
  return commands;
}
