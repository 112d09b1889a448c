import 'fake-indexeddb/auto';

import Dexie, { type Table } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';

import { pacedLiveQuery, REST_FACTOR, type PacedQueryTimers } from './paced-live-query.ts';
import { watchTables } from './watch-tables.ts';

interface Row {
  id: string;
}

class PairDb extends Dexie {
  declare watched: Table<Row, string>;
  declare other: Table<Row, string>;
  constructor(name: string) {
    super(name);
    this.version(1).stores({ watched: 'id', other: 'id' });
  }
}

/** Timers the test moves by hand: nothing runs until `advance`. */
function handTimers() {
  let now = 0;
  let nextId = 1;
  let due: { at: number; id: number; callback: () => void }[] = [];
  const timers: PacedQueryTimers = {
    now: () => now,
    setTimeout(callback, ms) {
      const id = nextId++;
      due.push({ at: now + ms, id, callback });
      return id;
    },
    clearTimeout(handle) {
      due = due.filter((timer) => timer.id !== handle);
    },
  };
  return {
    timers,
    /** Delays of the timers still waiting, from now. */
    waiting: () => due.map((timer) => timer.at - now),
    advance(ms: number) {
      now += ms;
      const ready = due.filter((timer) => timer.at <= now).sort((a, b) => a.at - b.at);
      due = due.filter((timer) => timer.at > now);
      for (const timer of ready) timer.callback();
    },
  };
}

/** A query the test finishes by hand, counting its runs. */
function handQuery(db: PairDb) {
  const runs: { finish: () => void; signal: AbortSignal }[] = [];
  const query = (signal: AbortSignal) =>
    new Promise<void>((resolve) => runs.push({ finish: resolve, signal })).then(() => db.watched.count());
  return { runs, query };
}

/** A new database and a paced count of its `watched` rows, subscribed on hand-moved timers. */
async function pacedCount(name: string) {
  const db = new PairDb(name);
  await db.open(); // creating a database tells every table changed
  const clock = handTimers();
  const { runs, query } = handQuery(db);
  const values: number[] = [];
  const subscription = pacedLiveQuery(db, ['watched'], query, clock.timers).subscribe((value) =>
    values.push(value),
  );
  return { db, clock, runs, values, subscription };
}

/** Until fake-indexeddb has answered the reads started so far (it answers on later macrotasks). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('pacedLiveQuery', () => {
  let db: PairDb;
  afterEach(async () => {
    db.close();
    await Dexie.delete(db.name);
  });

  it('reads on a new task, then again after a commit to a watched table only', async () => {
    const paced = await pacedCount('paced-tables');
    db = paced.db;
    const { clock, runs, values, subscription } = paced;
    expect(runs).toHaveLength(0);
    clock.advance(0);
    runs[0]?.finish();
    await settle();
    expect(values).toEqual([0]);

    await db.other.put({ id: 'elsewhere' });
    expect(clock.waiting()).toEqual([]);

    await db.watched.put({ id: 'a' });
    clock.advance(0);
    runs[1]?.finish();
    await settle();
    expect(values).toEqual([0, 1]);
    expect(runs).toHaveLength(2);
    subscription.unsubscribe();
  });

  it('never runs twice at once: commits during a run are read by one more run, after the first value', async () => {
    const paced = await pacedCount('paced-overlap');
    db = paced.db;
    const { clock, runs, values, subscription } = paced;
    clock.advance(0);
    expect(runs).toHaveLength(1);
    await db.watched.put({ id: 'a' });
    await db.watched.put({ id: 'b' });
    await db.watched.put({ id: 'c' });
    clock.advance(0);
    expect(runs).toHaveLength(1);

    runs[0]?.finish();
    await settle();
    // The run that saw the commits still shows what it read: a screen keeps growing during a sync.
    expect(values).toEqual([3]);
    clock.advance(0);
    expect(runs).toHaveLength(2);
    runs[1]?.finish();
    await settle();
    expect(values).toEqual([3, 3]);
    expect(clock.waiting()).toEqual([]);
    subscription.unsubscribe();
  });

  it(`rests ${REST_FACTOR}× as long as a run took before the next, and reads at once after a quiet spell`, async () => {
    const paced = await pacedCount('paced-rest');
    db = paced.db;
    const { clock, runs, subscription } = paced;
    clock.advance(0);
    clock.advance(100); // the read takes 100 ms
    runs[0]?.finish();
    await settle();

    await db.watched.put({ id: 'a' });
    expect(clock.waiting()).toEqual([100 * REST_FACTOR]);
    clock.advance(100 * REST_FACTOR - 1);
    expect(runs).toHaveLength(1);
    clock.advance(1);
    expect(runs).toHaveLength(2);
    runs[1]?.finish(); // at once: no time passed
    await settle();

    await db.watched.put({ id: 'b' });
    expect(clock.waiting()).toEqual([0]);
    subscription.unsubscribe();
  });

  it('after unsubscribe: the read in flight is aborted, its value dropped, and nothing runs again', async () => {
    const paced = await pacedCount('paced-leave');
    db = paced.db;
    const { clock, runs, values, subscription } = paced;
    clock.advance(0);
    subscription.unsubscribe();
    expect(runs[0]?.signal.aborted).toBe(true);
    runs[0]?.finish();
    await db.watched.put({ id: 'a' });
    clock.advance(10_000);
    await settle();
    expect(values).toEqual([]);
    expect(runs).toHaveLength(1);
  });

  it('hands a failed read to the error callback and reads again after the next commit', async () => {
    db = new PairDb('paced-error');
    await db.open(); // creating a database tells every table changed
    const clock = handTimers();
    let fail = true;
    const errors: unknown[] = [];
    const values: number[] = [];
    const subscription = pacedLiveQuery(
      db,
      ['watched'],
      async () => {
        if (fail) throw new Error('the disk is gone');
        return db.watched.count();
      },
      clock.timers,
    ).subscribe(
      (value) => values.push(value),
      (error) => errors.push(error),
    );
    clock.advance(0);
    await settle();
    expect(errors).toEqual([new Error('the disk is gone')]);
    fail = false;
    await db.watched.put({ id: 'a' });
    clock.advance(0);
    await settle();
    expect(values).toEqual([1]);
    subscription.unsubscribe();
  });
});

describe('watchTables', () => {
  let db: PairDb;
  afterEach(async () => {
    db.close();
    await Dexie.delete(db.name);
  });

  it('tells once per commit that wrote a watched table, however many rows it wrote', async () => {
    db = new PairDb('watch-tables');
    await db.open(); // creating a database tells every table changed
    let told = 0;
    const stop = watchTables(db, ['watched'], () => (told += 1));
    await db.watched.bulkPut([{ id: 'a' }, { id: 'b' }, { id: 'c' }]);
    await db.transaction('rw', db.watched, db.other, async () => {
      await db.watched.put({ id: 'd' });
      await db.other.put({ id: 'e' });
    });
    await db.other.put({ id: 'f' });
    expect(told).toBe(2);
    stop();
    await db.watched.put({ id: 'g' });
    expect(told).toBe(2);
  });
});
