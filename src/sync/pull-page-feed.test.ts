import { describe, expect, it } from 'vitest';

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

/** Fetches answered by hand: each call waits until the test releases it. */
function handFetches(size: number, clock: number) {
  const asked: number[] = [];
  const answers: (() => void)[] = [];
  const fail: ((error: Error) => void)[] = [];
  const fetchAfter = (cursor: number) =>
    new Promise<PullResponse>((resolve, reject) => {
      asked.push(cursor);
      answers.push(() => resolve(page(cursor, size, clock)));
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
  return { asked, fail, fetchAfter, flush, answerNext };
}

function feedOf(size: number, clock: number, maxRowsAhead: number) {
  const fetches = handFetches(size, clock);
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
