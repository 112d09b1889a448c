/**
 * The headless sync engine (docs/sync.md). Commands write the entity and its outbox row in ONE
 * transaction (R5); the engine moves outbox rows to the server (deleting them in the transaction that
 * records the server's acknowledgement) and applies pulled pages (each page with its cursor in one
 * transaction). Its one change of journal data goes through a command too: the merge of two edits that
 * met on the server (R40). Everything it touches outside itself is injected (R1): transport, clock,
 * timers, randomness, connectivity, auth and locks.
 *
 * Triggers (R27): start, local write, focus, online, session refresh, realtime poke, retry timer and a
 * periodic timer. Runs are single-flight: a trigger during a run is picked up by the same run.
 */
import { mergeKeptConflicts, type TriedMerges } from '../db/commands/merge-kept-conflicts.ts';
import { forgetJournalKey, forgetRetiredJournalKey, retiredJournalKey } from '../db/journal-key.ts';
import { getClientId } from '../db/sync-meta.ts';
import type { MurmurDatabase } from '../db/schema.ts';
import { applyKeptRows } from './apply-kept-rows.ts';
import { applyPokePage } from './apply-poke-page.ts';
import { JournalDecryptionError } from './crypto/crypto-errors.ts';
import { journalCipher, type JournalCipher } from './crypto/journal-cipher.ts';
import { backoffDelay, defaultBackoff, type BackoffPolicy } from './backoff.ts';
import { LockReservation } from './lock-reservation.ts';
import type { EnginePorts, TimerHandle } from './ports.ts';
import { DEFAULT_PULL_LIMIT, MAX_PUSH_MUTATIONS } from './protocol.ts';
import { PullDemand } from './pull-demand.ts';
import { pullAll, pushAll, type CycleContext } from './sync-cycles.ts';
import { SyncStatusStore, type SyncErrorKind } from './sync-status.ts';
import { sessionToSyncWith } from './session-to-sync-with.ts';
import { syncFailure } from './sync-failure.ts';
import { TransportError, type SyncPoke, type SyncTransport } from './transport.ts';
import { BUSY, syncLockName, type HeldLocks } from './with-sync-lock.ts';

export interface SyncEngineOptions {
  db: MurmurDatabase;
  transport: SyncTransport;
  ports: EnginePorts;
  pushBatchSize?: number;
  pullLimit?: number;
  /** Ask for a digest every N pull cycles (R28)… */
  digestEvery?: number;
  /** …and no sooner than this after the last one. */
  digestSpacingMs?: number;
  /** Periodic pull (R27). */
  pollMs?: number;
  /** Retry when another tab holds the lock (R29). */
  busyRetryMs?: number;
  backoff?: BackoffPolicy;
  /**
   * An encrypted journal's key as this device holds it (ADR 0151), asked for at each cycle and poke, so
   * a key stored by an unlock or by turning encryption on takes effect at the next sync: with a key,
   * pushes leave sealed and pulled and poked rows are opened before they are checked; with none, rows
   * holding a sealed value are kept aside, sync goes on and the status says locked (R47). Null for a
   * journal in clear.
   */
  journalKey?: () => Promise<CryptoKey | null>;
  /**
   * Forgets the key `journalKey` gives (by default the one this device keeps, `sync_meta.journal_key`):
   * called when the server says the journal is clear again (R46), after which the engine pushes again.
   */
  forgetJournalKey?: () => Promise<void>;
  /**
   * The key this device retired when it turned encryption off (ADR 0152; by default the one
   * `sync_meta.retired_journal_key` holds): with no key held, rows kept sealed are opened with it,
   * applied, and set the clear resend back to cover them. Never used to seal.
   */
  retiredJournalKey?: () => Promise<CryptoKey | null>;
}

/**
 * Least time between two pauses of a pull for local writes (R13): a pause drops the pages fetched ahead,
 * so an autosave every half second must not stall a catch-up, yet no write waits much longer than this.
 */
const PULL_PAUSE_SPACING_MS = 2_000;

/**
 * Longest a push lock reserved as a write began is held unclaimed (R29): a write commits in tens of
 * milliseconds, and a push behind a long pull's pause may come later, asking for the lock then.
 */
const RESERVED_PUSH_LOCK_MS = 1_000;

export class SyncEngine {
  readonly status = new SyncStatusStore();
  private readonly options: Required<SyncEngineOptions>;
  private needPush = false;
  private needPull = false;
  private running: Promise<void> | null = null;
  /** A trigger arrived after the running run last took its work (see request()). */
  private requestedDuringRun = false;
  /** A local write came since the last push cycle began: a long pull pauses for it (R13). */
  private writeWaiting = false;
  /** When a pull last paused for a write: someone typing through a catch-up pauses it at most every 2 s. */
  private lastPullPause = -Infinity;
  /**
   * The server refused this device's clear push as locked (R45) while it held no key: its outbox waits,
   * pulls go on, and the run does not push the same changes again until a new trigger (R47).
   */
  private pushRefusedLocked = false;
  /** The pull triggers of the cycle that is running, if any. */
  private pullDemand: PullDemand | null = null;
  private disposed = false;
  private authBlocked = false;
  private failures = 0;
  private retryTimer: TimerHandle | null = null;
  private pollTimer: TimerHandle | null = null;
  /** The push lock, asked for as a local write began; the next push cycle claims it. */
  private reservedPushLock: LockReservation | null = null;
  /** Conflicts whose two sides overlapped when last merged (R40): not diffed again until one changes. */
  private readonly triedMerges: TriedMerges = new Map();
  private readonly heldLocks: HeldLocks = new Map();
  private readonly unsubscribers: (() => void)[] = [];

  constructor(options: SyncEngineOptions) {
    this.options = {
      pushBatchSize: MAX_PUSH_MUTATIONS,
      pullLimit: DEFAULT_PULL_LIMIT,
      digestEvery: 10,
      digestSpacingMs: 10 * 60_000,
      pollMs: 5 * 60_000,
      busyRetryMs: 2_000,
      backoff: defaultBackoff,
      journalKey: () => Promise.resolve(null),
      forgetJournalKey: () => forgetJournalKey(options.db),
      retiredJournalKey: () => retiredJournalKey(options.db),
      ...options,
    };
  }

  /** Subscribes to the triggers and syncs once (R27). */
  start(): void {
    const { ports, transport } = this.options;
    this.unsubscribers.push(
      ports.connectivity.subscribe((online) => {
        if (online) {
          this.failures = 0;
          this.request(true, true, true);
        } else {
          this.status.set({ state: 'offline', progress: null });
        }
      }),
      ports.auth.subscribe((session) => {
        if (session) {
          this.authBlocked = false;
          this.request(true, true, true);
        }
      }),
      transport.onPoke((poke) => this.onPoke(poke)),
    );
    this.request(true, true);
  }

  stop(): void {
    this.disposed = true;
    for (const unsubscribe of this.unsubscribers.splice(0)) unsubscribe();
    this.clearTimer('retryTimer');
    this.clearTimer('pollTimer');
    this.reservedPushLock?.end();
    this.reservedPushLock = null;
  }

  /**
   * A command is about to write (notifyLocalWrite follows its commit): the push lock is asked for now,
   * while the page is still idle, so the push after the commit need not wait for its grant (R29).
   * Not when no push will follow soon: offline, signed out, backing off after a failure.
   */
  notifyWriteStarting(): void {
    const { db, ports } = this.options;
    if (this.disposed || this.authBlocked || this.retryTimer !== null) return;
    if (!ports.connectivity.isOnline()) return;
    // One reservation at a time; one that ended unclaimed (its hold ran out, another tab held the lock,
    // or it was stolen) is only waiting for the next push cycle to drop it, so this write makes its own.
    if (this.reservedPushLock?.active) return;
    this.reservedPushLock = new LockReservation(
      ports.locks,
      syncLockName(db, 'push'),
      ports.timers,
      RESERVED_PUSH_LOCK_MS,
    );
  }

  /** A command wrote locally: push soon (and refresh the pending count). */
  notifyLocalWrite(): void {
    // A running run counts only between cycles; a push on a slow network would show a stale count.
    // If this extra count fails (the database closing), the run's own count at its end still reports.
    if (this.running && !this.disposed) this.refreshPending().catch(() => undefined);
    this.writeWaiting = true;
    this.request(true, false);
  }

  /**
   * A realtime poke (R27): its rows are applied at once when they follow the stored cursor (R27a), with
   * no request to the server; otherwise, or when it carries none, it asks for a pull.
   */
  private onPoke(poke: SyncPoke): void {
    const { db, ports } = this.options;
    const canSync = sessionToSyncWith(ports, db.userId, this.authBlocked).session !== null;
    if (poke.page === undefined || this.disposed || !canSync) {
      this.request(false, true);
      return;
    }
    this.currentCipher()
      .then(async (cipher) => {
        // Rows kept while locked go first, so the poke's newer ones meet them in the tables (R47).
        if (cipher) await applyKeptRows(db, cipher);
        const covered = await applyPokePage(db, poke, cipher);
        if (!cipher) await this.applyKeptWithRetiredKey();
        return covered;
      })
      .then(
        (covered) => {
          if (!covered) this.request(false, true);
          // A locked device may have kept the poke's rows: the status says so (R47).
          else this.refreshPending().catch(() => undefined);
        },
        (error: unknown) => {
          // The pull answers the same poke, and its own answer is checked again (R4).
          if (!this.disposed) console.warn('Murmur pulled instead of applying a poke', error);
          this.request(false, true);
        },
      );
  }

  private async currentCipher(): Promise<JournalCipher | null> {
    const key = await this.options.journalKey();
    const { db } = this.options;
    return key ? journalCipher(key, (conflictId) => db.conflicts.get(conflictId)) : null;
  }

  /**
   * ADR 0152: on the device that turned encryption off, rows kept sealed (an entry another device sealed
   * just before the envelope's removal) open with the retired key; they are applied and the clear
   * resend is set back to cover them in the same transaction. False as applyKeptRows says (R14a).
   */
  private async applyKeptWithRetiredKey(): Promise<boolean> {
    const { db } = this.options;
    if ((await db.sealed_rows.count()) === 0) return true;
    const retired = await this.options.retiredJournalKey();
    if (!retired) return true;
    try {
      return await applyKeptRows(db, journalCipher(retired), { resendClear: true });
    } catch (error) {
      if (!(error instanceof JournalDecryptionError)) throw error;
      // Sealed with a later key (encryption turned on again and off elsewhere): they wait as locked.
      await forgetRetiredJournalKey(db);
      return true;
    }
  }

  /** The window got focus or became visible. */
  notifyFocus(): void {
    this.request(false, true);
  }

  /** Push and pull now; resolves when the run (including anything it picked up) ends. */
  syncNow(): Promise<void> {
    this.request(true, true, true);
    return this.whenIdle();
  }

  whenIdle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  isRunning(): boolean {
    return this.running !== null;
  }

  /**
   * Asks for a run. `now`: the user's "Sync now", the device coming online or a refreshed session — news
   * that the last failure may be over, so it runs at once. Other triggers (a write, focus, a poke) while a
   * retry timer is set wait for it: a failing server is not asked again at every keystroke's autosave.
   */
  private request(push: boolean, pull: boolean, now = false): void {
    if (this.disposed) return;
    if (pull) this.pullDemand?.ask();
    this.needPush ||= push;
    this.needPull ||= pull;
    if (!now && !this.running && this.retryTimer !== null) return;
    if (now) this.clearTimer('retryTimer');
    if (this.running) {
      this.requestedDuringRun = true;
      return;
    }
    this.running = this.run()
      .catch((error: unknown) => this.handleError(error))
      .finally(() => {
        this.running = null;
        // A run that stops early (offline, 401) does not look at the flags again: a trigger that came
        // after it took its work — say the refreshed session of its own 401 — would wait for the next
        // trigger. Run once more, unless a retry timer (backoff, busy lock) is already set to do it.
        const again = this.requestedDuringRun && this.retryTimer === null;
        this.requestedDuringRun = false;
        if (again) this.request(false, false);
      });
  }

  private async run(): Promise<void> {
    // Let the caller's synchronous code finish so several triggers share one run.
    await Promise.resolve();
    for (;;) {
      if (!(await this.runOnce())) return;
      if (this.disposed) return;
      const pending = await this.refreshPending();
      // Changes written by another tab (no notifyLocalWrite here) or during the last push: go again;
      // not those the server just refused as locked (R45): they wait for the next trigger (R47).
      if (pending > 0 && !this.pushRefusedLocked) {
        this.needPush = true;
        continue;
      }
      this.status.set({ state: 'up_to_date', progress: null, error: null });
      this.schedule('pollTimer', this.options.pollMs);
      return;
    }
  }

  /** Runs push/pull until nothing is requested. False: stopped early (offline, auth, busy, error). */
  private async runOnce(): Promise<boolean> {
    const { db, ports } = this.options;
    while (!this.disposed && (this.needPush || this.needPull)) {
      const check = sessionToSyncWith(ports, db.userId, this.authBlocked);
      if (check.session === null) {
        if (check.status) this.status.set(check.status);
        await this.refreshPending();
        return false;
      }
      const { session } = check;
      // The count decides whether to push; the status gets it as it comes either way, and it is read
      // before the cycle ends. A local write since the last cycle has most likely queued a change, so
      // its push does not wait for the count; nor does a pull alone (a realtime poke).
      const counting = this.refreshPending();
      counting.catch(() => undefined);
      const pending = this.needPush && !this.writeWaiting ? await counting : null;
      const push = this.needPush;
      const pull = this.needPull;
      this.needPush = false;
      this.needPull = false;
      this.requestedDuringRun = false;
      this.writeWaiting = false;
      // Pull triggers from here on: a page request of this cycle's walk answers those before it.
      const demand = new PullDemand();
      this.pullDemand = demand;
      let ctxCipher: JournalCipher | null = null;
      try {
        // Both reads go out together: a push after a save waits for them before its request leaves.
        const [cipher, clientId] = await Promise.all([this.currentCipher(), getClientId(db, ports.ids)]);
        ctxCipher = cipher;
        if (ctxCipher) this.pushRefusedLocked = false;
        const ctx: CycleContext = {
          db,
          transport: this.options.transport,
          ports,
          session,
          clientId,
          cipher: ctxCipher,
          heldLocks: this.heldLocks,
          pushBatchSize: this.options.pushBatchSize,
          pullLimit: this.options.pullLimit,
          digestEvery: this.options.digestEvery,
          digestSpacingMs: this.options.digestSpacingMs,
          onProgress: (progress) => this.status.set({ state: 'syncing', progress, error: null }),
          isDisposed: () => this.disposed,
          // The count is refreshed at each write: a command that wrote nothing (requeueing no
          // interrupted jobs, say) notifies too, and must not cost a catch-up its fetched pages.
          pushWaiting: () =>
            this.writeWaiting &&
            this.status.get().pending > 0 &&
            ports.clock.now() - this.lastPullPause >= PULL_PAUSE_SPACING_MS,
          pullDemand: demand,
          pendingCount: counting,
        };
        this.status.set({ state: 'syncing', error: null });
        // Unlocked: what was kept sealed while locked is opened and applied before this cycle's pull,
        // from the store, not pulled again (R47). Kept rows older than an acknowledged push wait for
        // the pull to the clock (R14a).
        if (ctxCipher && !(await applyKeptRows(db, ctxCipher))) this.needPull = true;
        let busy = false;
        // Nothing queued: skip the push cycle and its lock and lease writes (a write after the count
        // requests another round of this loop).
        if (push && pending !== 0) {
          // Every push here claims a reservation, if any: one left held would make this tab's own
          // push find the lock busy.
          if (this.reservedPushLock) ctx.reservedPushLock = this.reservedPushLock;
          this.reservedPushLock = null;
          const sent = await this.pushUnlessLocked(ctx);
          if (sent === BUSY) busy = true;
          // What we pushed may have lost or made conflicts: read the server's view back (R15).
          else if (sent > 0) this.needPull = true;
        } else if (pending === 0) {
          this.pushRefusedLocked = false;
        }
        if (pull || this.needPull) {
          this.needPull = false;
          const pulled = await pullAll(ctx);
          if (pulled === BUSY) busy = true;
          // A local write came during a long walk: the next cycle pushes it, then pulls on.
          else if (pulled === 'paused') {
            this.needPull = true;
            this.lastPullPause = ports.clock.now();
          } else {
            // A poke (or focus…) that came while the walk was still fetching is answered by it (R27):
            // every start's realtime subscription pokes during its first pull.
            if (demand.answered()) this.needPull = false;
            // Kept rows that waited for this pull to the clock (R14a) can be applied now (R47).
            if (ctxCipher) await applyKeptRows(db, ctxCipher);
            // After the pull, off a clear journal's way to its push: what a retired key opens (ADR 0152).
            else if (!(await this.applyKeptWithRetiredKey())) this.needPull = true;
            // Edits that met on the server and touch different words become one text (R40).
            if ((await mergeKeptConflicts({ db, ports }, this.triedMerges)) > 0) this.needPush = true;
          }
        }
        await counting;
        this.failures = 0;
        if (busy) {
          this.needPush ||= push;
          this.needPull ||= true;
          this.schedule('retryTimer', this.options.busyRetryMs);
          await this.refreshPending();
          return false;
        }
      } catch (error) {
        this.needPush ||= push;
        this.needPull ||= pull;
        if (await this.forgetKeyOfClearJournal(error, ctxCipher)) continue;
        this.handleError(error);
        await this.refreshPending().catch(() => undefined);
        return false;
      } finally {
        this.pullDemand = null;
      }
    }
    return true;
  }

  /**
   * A push cycle; on a device without the key, a refusal of its clear push as locked (R45) is not an
   * error: the outbox keeps the changes, the status says locked, and the cycle pulls on (R47).
   */
  private async pushUnlessLocked(ctx: CycleContext): Promise<number | typeof BUSY> {
    try {
      const sent = await pushAll(ctx);
      if (sent !== BUSY) this.pushRefusedLocked = false;
      return sent;
    } catch (error) {
      if (ctx.cipher !== null || !(error instanceof TransportError) || error.kind !== 'journal_locked')
        throw error;
      this.pushRefusedLocked = true;
      // Batches before the refused one may have been taken: read them back (R15), and pull on.
      this.needPull = true;
      return 0;
    }
  }

  /**
   * R46: the journal's encryption was turned off (on another device, or here mid-way) and this cycle
   * pushed sealed. The outbox holds every change clear and nothing of the push was stored, so the key
   * is forgotten and the same changes go again, clear, in the same run. True when that was the case; a
   * refusal of a cycle that sealed nothing, or a key that stays held, is not handled here (handleError
   * stops).
   */
  private async forgetKeyOfClearJournal(error: unknown, cipher: JournalCipher | null): Promise<boolean> {
    if (!(error instanceof TransportError) || error.kind !== 'journal_clear' || cipher === null) return false;
    try {
      await this.options.forgetJournalKey();
      // A key still held would seal the next push again: stop rather than ask for ever.
      if ((await this.options.journalKey()) !== null) return false;
    } catch (failure) {
      console.error('Murmur could not forget the journal key of a journal in clear', failure);
      return false;
    }
    this.needPush = true;
    this.needPull = true;
    return true;
  }

  private handleError(error: unknown): void {
    if (this.disposed) return;
    const failure = syncFailure(error);
    if (failure.then === 'signIn') {
      this.authBlocked = true;
      this.status.set({ state: 'error', progress: null, error: { kind: 'auth', message: failure.message } });
      this.options.ports.auth.refresh().catch(() => undefined);
      return;
    }
    this.fail(failure.kind, failure.message);
    if (failure.then === 'stop') return;
    this.failures++;
    this.schedule('retryTimer', backoffDelay(this.failures, this.options.ports.random, this.options.backoff));
  }

  private fail(kind: SyncErrorKind, message: string): void {
    const offline = !this.options.ports.connectivity.isOnline();
    this.status.set({ state: offline ? 'offline' : 'error', progress: null, error: { kind, message } });
  }

  /** The outbox's count, and whether this device is locked: rows kept sealed, or a push refused (R47). */
  private async refreshPending(): Promise<number> {
    const { db } = this.options;
    const [pending, kept] = await Promise.all([db.outbox.count(), db.sealed_rows.count()]);
    // Rows the retired key opens (ADR 0152) are applied by the next cycle: they lock nothing.
    const sealedForGood = kept > 0 && (await this.options.retiredJournalKey()) === null;
    this.status.set({ pending, locked: sealedForGood || this.pushRefusedLocked });
    return pending;
  }

  private schedule(which: 'retryTimer' | 'pollTimer', ms: number): void {
    this.clearTimer(which);
    this[which] = this.options.ports.timers.setTimeout(() => {
      this[which] = null;
      this.request(true, true);
    }, ms);
  }

  private clearTimer(which: 'retryTimer' | 'pollTimer'): void {
    const handle = this[which];
    if (handle !== null) this.options.ports.timers.clearTimeout(handle);
    this[which] = null;
  }
}
