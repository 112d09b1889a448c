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
  return { asked, answers, fail, fetchAfter, flush };
}

describe('PullPageFeed', () => {
  it('fetches the next page as soon as one arrives, without waiting for it to be taken', async () => {
    const fetches = handFetches(2, 10);
    const feed = new PullPageFeed(fetches.fetchAfter, 100);
    feed.start(0);
    await fetches.flush();
    fetches.answers[0]?.();
    await fetches.flush();
    fetches.answers[1]?.();
    await fetches.flush();
    expect(fetches.asked).toEqual([0, 2, 4]);
    const pages = await feed.take();
    expect(cursorsOf(pages)).toEqual([2, 4]);
  });

  it('stops fetching while the rows waiting reach the bound, and goes on once they are taken', async () => {
    const fetches = handFetches(2, 10);
    const feed = new PullPageFeed(fetches.fetchAfter, 4);
    feed.start(0);
    for (let answered = 0; answered < 3; answered += 1) {
      await fetches.flush();
      fetches.answers[answered]?.();
    }
    await fetches.flush();
    expect(fetches.asked).toEqual([0, 2]);
    expect(cursorsOf(await feed.take())).toEqual([2, 4]);
    await fetches.flush();
    expect(fetches.asked).toEqual([0, 2, 4]);
  });

  it('hands out every page that arrived before a failure, then the failure', async () => {
    const fetches = handFetches(2, 10);
    const feed = new PullPageFeed(fetches.fetchAfter, 100);
    feed.start(0);
    await fetches.flush();
    fetches.answers[0]?.();
    await fetches.flush();
    fetches.fail[1]?.(new Error('connection reset'));
    await fetches.flush();
    expect(cursorsOf(await feed.take())).toEqual([2]);
    await expect(feed.take()).rejects.toThrow('connection reset');
  });

  it('ends after the page that reaches the clock', async () => {
    const fetches = handFetches(5, 10);
    const feed = new PullPageFeed(fetches.fetchAfter, 100);
    feed.start(0);
    await fetches.flush();
    fetches.answers[0]?.();
    await fetches.flush();
    fetches.answers[1]?.();
    expect((await feed.take()).length).toBeGreaterThan(0);
    const rest = await feed.take();
    expect(cursorsOf([...rest, ...(await feed.take())])).toEqual([10]);
    expect(fetches.asked).toEqual([0, 5]);
  });

  it('fetches nothing more once stopped', async () => {
    const fetches = handFetches(2, 10);
    const feed = new PullPageFeed(fetches.fetchAfter, 100);
    feed.start(0);
    await fetches.flush();
    feed.stop();
    fetches.answers[0]?.();
    await fetches.flush();
    expect(fetches.asked).toEqual([0]);
    expect(await feed.take()).toEqual([]);
  });
});
