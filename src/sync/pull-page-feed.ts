import type { FetchedPullPage } from './fetch-pull-page.ts';
import type { CheckedPullPage } from './protocol.ts';

/**
 * Fetches pull pages one after another, each as soon as the one before it has arrived (its next_cursor
 * says where the next starts), while the caller applies earlier pages: fetching and writing to
 * IndexedDB overlap instead of taking turns. A page's rows are checked after the next page's request
 * has left, so the server works on it meanwhile. The feed stops fetching while `maxRowsAhead` rows wait
 * to be taken, so a long catch-up never holds more than that in memory.
 *
 * INVARIANT: pages come out in the order they were fetched, each with its rows checked, and a fetch or
 * check failure comes out only after every page fetched before it, so the caller can store what arrived
 * before reporting the failure.
 */
export class PullPageFeed {
  readonly #waiting: CheckedPullPage[] = [];
  #rowsWaiting = 0;
  #failure: { error: unknown } | null = null;
  #finished = false;
  #stopped = false;
  #wakeTaker: (() => void) | null = null;
  #wakeFetcher: (() => void) | null = null;

  readonly #fetchAfter: (cursor: number) => Promise<FetchedPullPage>;
  readonly #maxRowsAhead: number;

  constructor(fetchAfter: (cursor: number) => Promise<FetchedPullPage>, maxRowsAhead: number) {
    this.#fetchAfter = fetchAfter;
    this.#maxRowsAhead = maxRowsAhead;
  }

  /** Starts fetching after `cursor`; pages then come out of take(). */
  start(cursor: number): void {
    void this.#fetchFrom(cursor);
  }

  /**
   * Every page that has arrived and not been taken (waiting for the first if none has), oldest first;
   * an empty list when the feed is finished. Throws the fetch failure once the pages before it are taken.
   */
  async take(): Promise<CheckedPullPage[]> {
    while (this.#waiting.length === 0 && !this.#finished) {
      await new Promise<void>((resolve) => (this.#wakeTaker = resolve));
    }
    if (this.#waiting.length === 0) {
      if (this.#failure) throw this.#failure.error;
      return [];
    }
    const pages = this.#waiting.splice(0);
    this.#rowsWaiting = 0;
    this.#wake('fetcher');
    return pages;
  }

  /** A fetch or a check has failed: take() throws once the pages before it are taken. */
  get failed(): boolean {
    return this.#failure !== null;
  }

  /** No more fetches after the one in flight (whose result or failure is dropped). */
  stop(): void {
    this.#stopped = true;
    this.#wake('fetcher');
  }

  async #fetchFrom(first: number): Promise<void> {
    let cursor = first;
    /** The request for the page at `cursor`, once started. */
    let next: Promise<FetchedPullPage> | null = null;
    try {
      while (!this.#stopped) {
        if (!next) {
          if (this.#rowsWaiting >= this.#maxRowsAhead) {
            await new Promise<void>((resolve) => (this.#wakeFetcher = resolve));
            continue;
          }
          next = this.#fetchAfter(cursor);
        }
        const fetched = await next;
        next = null;
        if (this.#stopped) break;
        const { envelope } = fetched;
        const more = !envelope.reset_required && envelope.has_more;
        if (more) {
          cursor = envelope.next_cursor;
          // The next request leaves before this page is checked, if the bound allows it counted.
          if (this.#rowsWaiting + envelope.rows.length < this.#maxRowsAhead) {
            next = this.#fetchAfter(cursor);
            // Its failure is taken up when it is awaited, after this page: not an unhandled rejection.
            next.catch(() => undefined);
          }
        }
        const page = await fetched.check();
        if (this.#stopped) break;
        this.#waiting.push(page);
        this.#rowsWaiting += page.reset_required ? 0 : page.rows.length;
        this.#wake('taker');
        if (!more) break;
      }
    } catch (error) {
      if (!this.#stopped) this.#failure = { error };
    } finally {
      this.#finished = true;
      this.#wake('taker');
    }
  }

  #wake(who: 'taker' | 'fetcher'): void {
    const wake = who === 'taker' ? this.#wakeTaker : this.#wakeFetcher;
    if (who === 'taker') this.#wakeTaker = null;
    else this.#wakeFetcher = null;
    wake?.();
  }
}
