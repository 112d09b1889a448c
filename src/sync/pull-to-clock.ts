import { getCursor } from '../db/sync-meta.ts';
import { applyPullPage, PUT_SLICE_ON_UI_THREAD, type PageResult } from './apply-pull-page.ts';
import { applyGroups, type PulledPage } from './apply-groups.ts';
import { fetchPullPage } from './fetch-pull-page.ts';
import type { EnginePorts } from './ports.ts';
import { PullPageFeed } from './pull-page-feed.ts';
import type { PullOutcome, WalkOutcome } from './pull-runner.ts';
import type { CycleContext } from './sync-cycles.ts';

/** What walking pull pages needs: the cycle's context without the push settings, the ports or a runner. */
export type PullWalkContext = Pick<
  CycleContext,
  'db' | 'transport' | 'session' | 'clientId' | 'pullLimit' | 'onProgress' | 'isDisposed' | 'pullDemand'
> & {
  yieldToUi?: EnginePorts['yieldToUi'];
  /**
   * Awaited after each applied transaction. The pull worker pauses here so the screens' live queries
   * ask for their reads before its next transaction: IndexedDB runs transactions in the order they
   * were asked for, and a live query whose read is overtaken by the next commit reads again and shows
   * nothing until the writes stop (ADR 0099).
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

function ignore(): void {}

/**
 * Walks pages from the stored cursor to the clock (R13). Pages are fetched back to back while earlier
 * ones are applied; whatever has arrived when the last apply finishes is applied, in order, in
 * transactions of up to MAX_ROWS_PER_APPLY rows, each carrying the cursor of its last page. So the
 * cursor never gets ahead of the rows it covers, a slow network still stores each page as it comes, a
 * slow database gets fewer, larger commits (each commit re-runs the screens' live queries), and a
 * failure loses only pages not yet applied (they are fetched again).
 *
 * Transactions are pipelined: the next one is asked for as soon as the one before has issued its writes,
 * so it is queued in IndexedDB ahead of the screens' reads and its own reads are answered the moment the
 * one before commits, instead of a round trip and the screens' reads later. Each one refuses to apply
 * over a stored cursor below the rows it follows, so one queued behind a transaction that failed stores
 * nothing. The walk reports a transaction, and ends, only once it has committed.
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
  const feed = new PullPageFeed(
    (cursor) => {
      ctx.pullDemand?.requesting();
      return fetchPullPage(ctx.db, ctx.transport, ctx.session, ctx.clientId, cursor, {
        limit: ctx.pullLimit,
        wantDigest,
        yieldToUi: ctx.yieldToUi,
      });
    },
    handOver ? ctx.pullLimit : PULL_AHEAD_ROWS,
  );
  let after = await getCursor(ctx.db);
  feed.start(after);
  // Without a UI to pause for (the pull worker), a group's rows go out in one bulkPut.
  const rowsPerPut = ctx.yieldToUi ? PUT_SLICE_ON_UI_THREAD : Number.POSITIVE_INFINITY;
  /** The last transaction asked for: settles once it has committed and been reported. */
  let inFlight: Promise<'reset' | null> | null = null;
  /** Reports a committed transaction at once, even while the walk waits for pages. */
  const report = async (result: PageResult, last: PulledPage): Promise<'reset' | null> => {
    if (result.digestMismatch.length > 0) return 'reset';
    ctx.onProgress({ phase: 'pull', done: result.cursor, total: last.clock });
    await renew();
    await ctx.afterApply?.();
    return null;
  };
  /** Ends the walk once the transaction in flight has committed and been reported. */
  const end = async (outcome: WalkOutcome): Promise<WalkOutcome> => {
    const last = inFlight;
    inFlight = null;
    return (last ? await last : null) ?? outcome;
  };
  let asked = false;
  try {
    for (;;) {
      const taken = await feed.take();
      if (taken.length === 0 || ctx.isDisposed()) return await end('done');
      const pages = taken.filter((page): page is PulledPage => !page.reset_required);
      if (pages.length === 0 || pages.length < taken.length) return await end('reset');
      // A first page that says more are to come makes this a long walk: ask at once, before applying
      // it, so the other thread gets ready meanwhile (a fresh device's first sync). Nothing is applied
      // yet, so handing over now loses only these pages, which the other thread fetches again.
      if (!asked && handOver && pages.some((page) => page.has_more)) {
        asked = true;
        if (handOver()) return await end('handed-over');
      }
      for (const group of applyGroups(pages)) {
        if (ctx.isDisposed()) return await end('done');
        const last = group[group.length - 1] as PulledPage;
        const rows = group.flatMap((page) => page.rows);
        const digest = !last.has_more && last.next_cursor === last.clock ? last.digest : undefined;
        let issued = ignore;
        const writesOut = new Promise<void>((resolve) => (issued = resolve));
        const committed = applyPullPage(ctx.db, rows, last.next_cursor, digest, {
          rowsPerPut,
          after,
          onIssued: () => issued(),
        });
        const reported = committed.then((result) => report(result, last));
        reported.catch(ignore); // read below or by end()
        after = last.next_cursor;
        const previous = inFlight;
        inFlight = reported;
        // The one before commits first: IndexedDB runs them in the order they were asked for.
        const reset = await previous?.catch(async (error: unknown) => {
          await reported.catch(ignore);
          throw error;
        });
        if (reset) {
          await reported.catch(ignore);
          return reset;
        }
        // Stopped when the one before was reported: this one is asked for already, and is the last.
        if (ctx.isDisposed()) return await end('done');
        await Promise.race([writesOut, committed.then(ignore, ignore)]);
        if (!last.has_more) return await end('done');
        if (ctx.pauseFor?.()) return await end('paused');
        if (handOver?.()) return await end('handed-over');
      }
    }
  } catch (error) {
    // What was fetched before a failure is stored before the failure is reported.
    await (inFlight as Promise<unknown> | null)?.catch(ignore);
    throw error;
  } finally {
    feed.stop();
  }
}
