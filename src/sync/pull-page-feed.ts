import type { PullResponse } from './protocol.ts';

/**
 * Fetches pull pages one after another, each as soon as the one before it has arrived (its next_cursor
 * says where the next starts), while the caller applies earlier pages: fetching and writing to
 * IndexedDB overlap instead of taking turns. The feed stops fetching while `maxRowsAhead` rows wait to
 * be taken, so a long catch-up never holds more than that in memory.
 *
 * INVARIANT: pages come out in the order they were fetched, and a fetch failure comes out only after
 * every page fetched before it, so the caller can store what arrived before reporting the failure.
 */
export class PullPageFeed {
  readonly #waiting: PullResponse[] = [];
  #rowsWaiting = 0;
  #failure: { error: unknown } | null = null;
  #finished = false;
  #stopped = false;
  #wakeTaker: (() => void) | null = null;
  #wakeFetcher: (() => void) | null = null;

  readonly #fetchAfter: (cursor: number) => Promise<PullResponse>;
  readonly #maxRowsAhead: number;

  constructor(fetchAfter: (cursor: number) => Promise<PullResponse>, maxRowsAhead: number) {
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
  async take(): Promise<PullResponse[]> {
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

  /** No more fetches after the one in flight (whose result or failure is dropped). */
  stop(): void {
    this.#stopped = true;
    this.#wake('fetcher');
  }

  async #fetchFrom(first: number): Promise<void> {
    let cursor = first;
    try {
      while (!this.#stopped) {
        if (this.#rowsWaiting >= this.#maxRowsAhead) {
          await new Promise<void>((resolve) => (this.#wakeFetcher = resolve));
          continue;
        }
        const page = await this.#fetchAfter(cursor);
        if (this.#stopped) break;
        this.#waiting.push(page);
        this.#wake('taker');
        if (page.reset_required || !page.has_more) break;
        this.#rowsWaiting += page.rows.length;
        cursor = page.next_cursor;
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
