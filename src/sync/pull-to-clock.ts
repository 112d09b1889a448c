import { getCursor } from '../db/sync-meta.ts';
import { applyPullPage, PUT_SLICE_ON_UI_THREAD } from './apply-pull-page.ts';
import { applyGroups, type PulledPage } from './apply-groups.ts';
import { fetchPullEnvelope } from './fetch-pull-page.ts';
import type { EnginePorts } from './ports.ts';
import { PullPageFeed } from './pull-page-feed.ts';
import type { PullOutcome, WalkOutcome } from './pull-runner.ts';
import type { CycleContext } from './sync-cycles.ts';
import { TransportError } from './transport.ts';

/** What walking pull pages needs: the cycle's context without the push settings, the ports or a runner. */
export type PullWalkContext = Pick<
  CycleContext,
  'db' | 'transport' | 'session' | 'clientId' | 'pullLimit' | 'onProgress' | 'isDisposed' | 'pullDemand'
> & {
  yieldToUi?: EnginePorts['yieldToUi'];
  /** Where there is no yieldToUi: a pause that lets a request just started leave before a page is checked. */
  nextTask?: () => Promise<void>;
  /** Where the walk starts, read under its lock already (PullJob.cursor); else the stored cursor. */
  startCursor?: number;
  /**
   * Pages already asked for from `startCursor` (EarlyPages, docs/adr/0117): the walk takes them first.
   * Fetched with the same client, page size and digest as this walk; a stale page is fetched again.
   */
  feed?: PullPageFeed;
  /**
   * Awaited after each applied transaction that more are to follow. The sync worker pauses here so the
   * screens' live queries ask for their reads before its next transaction: IndexedDB runs transactions
   * in the order they were asked for, and a live query whose read is overtaken by the next commit reads
   * again and shows nothing until the writes stop (ADR 0099). After the walk's last transaction there
   * is no next one to overtake them, and the walk ends at once. Nor is it awaited once every page has
   * arrived: no request is left to overlap, the transactions that remain follow one another, and the
   * screens read what they wrote after the last.
   */
  afterApply?: () => Promise<void>;
  /**
   * Asked after each applied transaction while more pages are to come: true ends the walk with
   * 'paused', so a local write is pushed before the rest of a long catch-up (R13).
   */
  pauseFor?: () => boolean;
};

/**
 * How far fetching may run ahead of applying during a catch-up: pages keep arriving while earlier ones
 * are written, up to this many rows waiting (a few MB of JSON at most).
 */
export const PULL_AHEAD_ROWS = 5_000;

/**
 * Pages in a row found stale (R14a) before a walk gives up as a server error. A page asked for after an
 * acknowledgement is recorded is never stale on a sound server, so only a push acknowledged during every
 * one of these round trips, or a server whose ledger went back, gets here.
 */
const MAX_STALE_IN_A_ROW = 10;

/**
 * Walks pages from the stored cursor to the clock (R13). Pages are fetched back to back while earlier
 * ones are applied; whatever has arrived when the last apply finishes is applied, in order, in
 * transactions of up to MAX_ROWS_PER_APPLY rows, each carrying the cursor of its last page. So the
 * cursor never gets ahead of the rows it covers, a slow network still stores each page as it comes, a
 * slow database gets fewer, larger commits (each commit re-runs the screens' live queries), and a
 * failure loses only pages not yet applied (they are fetched again).
 *
 * Given `handOver`, the walk asks it as soon as its first page says more are to come, then after each
 * transaction while more are to come, and ends with 'handed-over' when it says yes (ADR 0099). Such a
 * walk fetches only one page ahead, so what it drops on handing over is at most the page in flight.
 */
export function pullToClock(
  ctx: PullWalkContext,
  wantDigest: boolean,
  renew: () => Promise<void>,
): Promise<PullOutcome>;
export function pullToClock(
  ctx: PullWalkContext,
  wantDigest: boolean,
  renew: () => Promise<void>,
  handOver: (() => boolean) | undefined,
): Promise<WalkOutcome>;
export async function pullToClock(
  ctx: PullWalkContext,
  wantDigest: boolean,
  renew: () => Promise<void>,
  handOver?: () => boolean,
): Promise<WalkOutcome> {
  const newFeed = () =>
    new PullPageFeed(
      (cursor) => {
        ctx.pullDemand?.requesting();
        return fetchPullEnvelope(ctx.db, ctx.transport, ctx.session, ctx.clientId, cursor, {
          limit: ctx.pullLimit,
          wantDigest,
          yieldToUi: ctx.yieldToUi,
          nextTask: ctx.nextTask,
        });
      },
      handOver ? ctx.pullLimit : PULL_AHEAD_ROWS,
    );
  let feed = ctx.feed ?? newFeed();
  if (!ctx.feed) feed.start(ctx.startCursor ?? (await getCursor(ctx.db)));
  let asked = false;
  let staleInARow = 0;
  try {
    for (;;) {
      const taken = await feed.take();
      if (ctx.isDisposed()) return 'done';
      if (taken.length === 0) return 'done';
      const pages = taken.filter((page): page is PulledPage => !page.reset_required);
      if (pages.length === 0 || pages.length < taken.length) return 'reset';
      // A first page that says more are to come makes this a long walk: ask at once, before applying
      // it, so the other thread gets ready meanwhile (a fresh device's first sync). Nothing is applied
      // yet, so handing over now loses only these pages, which the other thread fetches again.
      if (!asked && handOver && pages.some((page) => page.has_more)) {
        asked = true;
        if (handOver()) return 'handed-over';
      }
      for (const group of applyGroups(pages)) {
        if (ctx.isDisposed()) return 'done';
        const last = group[group.length - 1] as PulledPage;
        const rows = group.flatMap((page) => page.rows);
        const digest = !last.has_more && last.next_cursor === last.clock ? last.digest : undefined;
        // Without a UI to pause for (the sync worker), a group's rows go out in one bulkPut.
        const rowsPerPut = ctx.yieldToUi ? PUT_SLICE_ON_UI_THREAD : Number.POSITIVE_INFINITY;
        const snapshotMutationSeq = Math.min(...group.map((page) => page.last_mutation_seq));
        const result = await applyPullPage(ctx.db, rows, last.next_cursor, digest, {
          rowsPerPut,
          moreToCome: last.has_more,
          snapshotMutationSeq,
          reachesClock: !last.has_more && last.next_cursor === last.clock,
        });
        if (result.stale) {
          // R14a: read before a push acknowledged since; this page and those fetched after it go, and
          // the walk asks again from the stored cursor, after the acknowledgement.
          if (++staleInARow > MAX_STALE_IN_A_ROW) {
            throw new TransportError('server', 'pull pages stay older than acknowledged pushes');
          }
          feed.stop();
          feed = newFeed();
          feed.start(result.cursor);
          break;
        }
        staleInARow = 0;
        if (result.digestMismatch.length > 0) return 'reset';
        ctx.onProgress({ phase: 'pull', done: result.cursor, total: last.clock });
        await renew();
        if (!last.has_more) return 'done';
        if (!feed.fetchedAll) await ctx.afterApply?.();
        if (ctx.pauseFor?.()) return 'paused';
        if (handOver?.()) return 'handed-over';
      }
    }
  } finally {
    feed.stop();
  }
}
