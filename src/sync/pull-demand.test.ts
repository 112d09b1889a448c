import { describe, expect, it } from 'vitest';

import { PullDemand } from './pull-demand.ts';

describe('pull demand (R27)', () => {
  it('is answered by a page request made after every trigger, not by one made before the last', () => {
    const demand = new PullDemand();
    expect(demand.answered()).toBe(true);
    expect(demand.covered).toBeNull();
    demand.ask();
    expect(demand.answered()).toBe(false);
    demand.requesting();
    expect(demand.answered()).toBe(true);
    demand.ask();
    expect(demand.answered()).toBe(false);
    expect(demand.covered).toBe(1);
    demand.requesting();
    expect(demand.covered).toBe(2);
    expect(demand.answered()).toBe(true);
  });

  it('tells its listeners of each trigger until they stop listening', () => {
    const demand = new PullDemand();
    let heard = 0;
    const stop = demand.onAsk(() => heard++);
    demand.ask();
    stop();
    demand.ask();
    expect(heard).toBe(1);
  });
});
