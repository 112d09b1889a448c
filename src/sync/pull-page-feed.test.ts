import { describe, expect, it } from 'vitest';

import type { FetchedPullPage } from './fetch-pull-page.ts';
import type { PullResponse } from './protocol.ts';
import { PullPageFeed } from './pull-page-feed.ts';

/** A page of `size` rows after `cursor`; the last one when it reaches `clock`. */
function page(cursor: number, size: number, clock: number): PullResponse {
  const next = Math.min(cursor + size, clock);
  return {
    reset_required: false,
    rows: Array.from({ length: next - cursor }, (_, index) => ({
      table: 'notes',
      id: `n${cursor + index + 1}`,
      version: cursor + index + 1,
      data: {},
      hlc: {},
    })),
    next_cursor: next,
    has_more: next < clock,
    clock,
    last_mutation_seq: 0,
  };
}

function cursorsOf(pages: PullResponse[]): number[] {
  return pages.map((p) => (p.reset_required ? -1 : p.next_cursor));
}

/**
 * Fetches answered by hand: each call waits until the test releases it. `events` records each request
 * and each page check in the order they happen; a cursor in `malformed` fails its page's check.
 */
function handFetches(size: number, clock: number, malformed: number[] = []) {
  const asked: number[] = [];
  const events: string[] = [];
  const answers: (() => void)[] = [];
  const fail: ((error: Error) => void)[] = [];
  const fetchAfter = (cursor: number) =>
    new Promise<FetchedPullPage>((resolve, reject) => {
      asked.push(cursor);
      events.push(`request ${cursor}`);
      const envelope = page(cursor, size, clock);
      const check = () => {
        events.push(`check ${cursor}`);
        if (malformed.includes(cursor)) return Promise.reject(new Error(`page ${cursor} is malformed`));
        return Promise.resolve(envelope);
      };
      answers.push(() => resolve({ envelope, check }));
      fail.push(reject);
    });
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  let answered = 0;
  /** Answers the next `count` fetches in turn, each once it has been asked for. */
  const answerNext = async (count: number) => {
    for (let turn = 0; turn < count; turn += 1) {
      await flush();
      answers[answered++]?.();
    }
    await flush();
  };
  return { asked, events, fail, fetchAfter, flush, answerNext };
}

function feedOf(size: number, clock: number, maxRowsAhead: number, malformed: number[] = []) {
  const fetches = handFetches(size, clock, malformed);
  const feed = new PullPageFeed(fetches.fetchAfter, maxRowsAhead);
  feed.start(0);
  return { fetches, feed };
}

describe('PullPageFeed', () => {
  it('fetches the next page as soon as one arrives, without waiting for it to be taken', async () => {
    const { fetches, feed } = feedOf(2, 10, 100);
    await fetches.answerNext(2);
    expect(fetches.asked).toEqual([0, 2, 4]);
    const pages = await feed.take();
    expect(cursorsOf(pages)).toEqual([2, 4]);
  });

  it("asks for the next page before it checks this page's rows, so the server works meanwhile", async () => {
    const { fetches, feed } = feedOf(2, 6, 100);
    await fetches.answerNext(3);
    expect(fetches.events).toEqual(['request 0', 'request 2', 'check 0', 'request 4', 'check 2', 'check 4']);
    expect(cursorsOf(await feed.take())).toEqual([2, 4, 6]);
  });

  it('hands out every page checked before a malformed one, then its failure, and drops the page after it', async () => {
    const { fetches, feed } = feedOf(2, 10, 100, [2]);
    await fetches.answerNext(3);
    expect(cursorsOf(await feed.take())).toEqual([2]);
    await expect(feed.take()).rejects.toThrow('page 2 is malformed');
    expect(fetches.asked).toEqual([0, 2, 4]);
  });

  it('stops fetching while the rows waiting reach the bound, and goes on once they are taken', async () => {
    const { fetches, feed } = feedOf(2, 10, 4);
    await fetches.answerNext(3);
    expect(fetches.asked).toEqual([0, 2]);
    expect(cursorsOf(await feed.take())).toEqual([2, 4]);
    await fetches.flush();
    expect(fetches.asked).toEqual([0, 2, 4]);
  });

  it('hands out every page that arrived before a failure, then the failure', async () => {
    const { fetches, feed } = feedOf(2, 10, 100);
    await fetches.answerNext(1);
    fetches.fail[1]?.(new Error('connection reset'));
    await fetches.flush();
    expect(cursorsOf(await feed.take())).toEqual([2]);
    await expect(feed.take()).rejects.toThrow('connection reset');
  });

  it('ends after the page that reaches the clock', async () => {
    const { fetches, feed } = feedOf(5, 10, 100);
    await fetches.answerNext(2);
    expect(cursorsOf(await feed.take())).toEqual([5, 10]);
    expect(await feed.take()).toEqual([]);
    expect(fetches.asked).toEqual([0, 5]);
  });

  it('fetches nothing more once stopped', async () => {
    const { fetches, feed } = feedOf(2, 10, 100);
    await fetches.flush();
    feed.stop();
    await fetches.answerNext(1);
    expect(fetches.asked).toEqual([0]);
    expect(await feed.take()).toEqual([]);
  });
});
