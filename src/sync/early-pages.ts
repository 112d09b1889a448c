import type { MurmurDatabase } from '../db/schema.ts';
import { fetchPullEnvelope } from './fetch-pull-page.ts';
import { PullPageFeed } from './pull-page-feed.ts';
import { PULL_AHEAD_ROWS } from './pull-to-clock.ts';
import type { SyncSession, SyncTransport } from './transport.ts';

/** Where a walk starts and what it asks for: a walk takes early pages only if all of it is theirs. */
export interface WalkStart {
  cursor: number;
  clientId: string;
  pullLimit: number;
  wantDigest: boolean;
}

/**
 * A fresh device's first pages, asked for before the engine's first walk (docs/adr/0117). The sync
 * worker starts them as the app starts, on a device that has never pulled this journal: pages are
 * fetched from `start.cursor` and checked, up to PULL_AHEAD_ROWS ahead, and nothing is written. The
 * first walk that starts where they do, for the same client, page size and digest, takes the feed once
 * and goes on from there; any other walk stops it. The walk applies the pages under its lock with the
 * same guards as its own (R13, R14a), so pages read before a push this device has acknowledged since
 * are fetched again, as any walk's would be.
 *
 * R27: a request that left before the walk did answers none of the walk's triggers; only requests made
 * after the walk took the feed tell `onRequest`.
 */
export class EarlyPages {
  readonly #feed: PullPageFeed;
  readonly #start: WalkStart;
  #onRequest: (() => void) | null = null;
  #taken = false;

  constructor(
    db: MurmurDatabase,
    transport: SyncTransport,
    session: SyncSession,
    start: WalkStart,
    nextTask?: () => Promise<void>,
  ) {
    this.#start = start;
    this.#feed = new PullPageFeed((cursor) => {
      this.#onRequest?.();
      return fetchPullEnvelope(db, transport, session, start.clientId, cursor, {
        limit: start.pullLimit,
        wantDigest: start.wantDigest,
        nextTask,
      });
    }, PULL_AHEAD_ROWS);
    this.#feed.start(start.cursor);
  }

  /**
   * The feed for a walk that starts as these pages do, once, with `onRequest` told of each request it
   * makes from now on; null for any other walk, a second one, or once a request has failed (a walk
   * of its own does better than one that would fail at once). Either way the pages are the walk's to
   * take or gone: nothing fetches for them after this.
   */
  takeFor(walk: WalkStart, onRequest: () => void): PullPageFeed | null {
    const matches =
      !this.#taken &&
      !this.#feed.failed &&
      walk.cursor === this.#start.cursor &&
      walk.clientId === this.#start.clientId &&
      walk.pullLimit === this.#start.pullLimit &&
      walk.wantDigest === this.#start.wantDigest;
    this.#taken = true;
    if (!matches) {
      this.#feed.stop();
      return null;
    }
    this.#onRequest = onRequest;
    return this.#feed;
  }
}
