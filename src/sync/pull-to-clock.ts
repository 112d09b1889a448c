import { getCursor } from '../db/sync-meta.ts';
import { applyPullPage } from './apply-pull-page.ts';
import { applyGroups, type PulledPage } from './apply-groups.ts';
import { fetchPullEnvelope } from './fetch-pull-page.ts';
import { PullPageFeed } from './pull-page-feed.ts';
import type { CycleContext } from './sync-cycles.ts';
import { TransportError } from './transport.ts';

/** What walking pull pages needs: the cycle's context without the push settings, the ports or a runner. */
export type PullWalkContext = Pick<
  CycleContext,
  | 'db'
  | 'transport'
  | 'session'
  | 'clientId'
  | 'cipher'
  | 'pullLimit'
  | 'onProgress'
  | 'isDisposed'
  | 'pullDemand'
> & {
  /** Where the walk starts, read under its lock already (getPullStart); else the stored cursor. */
  startCursor?: number;
  /**
   * Asked after each applied transaction while more pages are to come: true ends the walk with
   * 'paused', so a local write is pushed before the rest of a long catch-up (R13).
   */
  pauseFor?: () => boolean;
};

/** 'paused': stopped after a transaction for a local write to be pushed; pulling goes on from the cursor. */
export type PullOutcome = 'done' | 'reset' | 'paused';

/**
 * How far fetching may run ahead of applying during a catch-up: pages keep arriving while earlier ones
 * are written, up to this many rows waiting (a few MB of JSON at most).
 */
const PULL_AHEAD_ROWS = 5_000;

/**
 * Rows a walk's first request asks for: a fresh device's first sync shows its first notes once one short
 * page is fetched, checked and committed, instead of a full one; the rest of the walk asks for the pull
 * limit, fetched ahead while this page is applied, so the walk as a whole costs one more round trip.
 */
const FIRST_PAGE_ROWS = 100;

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
 */
export async function pullToClock(
  ctx: PullWalkContext,
  wantDigest: boolean,
  renew: () => Promise<void>,
): Promise<PullOutcome> {
  const newFeed = () => {
    let asked = 0;
    return new PullPageFeed((cursor) => {
      ctx.pullDemand?.requesting();
      const limit = asked++ === 0 ? Math.min(FIRST_PAGE_ROWS, ctx.pullLimit) : ctx.pullLimit;
      return fetchPullEnvelope(ctx.db, ctx.transport, ctx.session, ctx.clientId, cursor, {
        limit,
        wantDigest,
        cipher: ctx.cipher,
      });
    }, PULL_AHEAD_ROWS);
  };
  let feed = newFeed();
  feed.start(ctx.startCursor ?? (await getCursor(ctx.db)));
  let staleInARow = 0;
  try {
    for (;;) {
      const taken = await feed.take();
      if (ctx.isDisposed()) return 'done';
      if (taken.length === 0) return 'done';
      const pages = taken.filter((page): page is PulledPage => !page.reset_required);
      if (pages.length === 0 || pages.length < taken.length) return 'reset';
      for (const group of applyGroups(pages)) {
        if (ctx.isDisposed()) return 'done';
        const last = group[group.length - 1] as PulledPage;
        const rows = group.flatMap((page) => page.rows);
        // On a device without the key: rows holding a sealed value, kept in the same transaction (R47).
        const keep = group.flatMap((page) => page.kept ?? []);
        const digest = !last.has_more && last.next_cursor === last.clock ? last.digest : undefined;
        const snapshotMutationSeq = Math.min(...group.map((page) => page.last_mutation_seq));
        const result = await applyPullPage(ctx.db, rows, last.next_cursor, digest, {
          moreToCome: last.has_more,
          snapshotMutationSeq,
          reachesClock: !last.has_more && last.next_cursor === last.clock,
          keep,
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
        if (ctx.pauseFor?.()) return 'paused';
      }
    }
  } finally {
    feed.stop();
  }
}
