import type { Fault, FakeTransport } from './fake-transport.ts';
import type { Prng } from './prng.ts';

/**
 * Seeded network faults over many transports: picks a random queued request (reordering), and
 * delivers it with a random fault, or leaves it queued (delay).
 */
export interface FaultRates {
  delay: number;
  drop_request: number;
  drop_response: number;
  duplicate: number;
  unauthorized: number;
  server_error: number;
}

const defaultFaultRates: FaultRates = {
  delay: 0.15,
  drop_request: 0.05,
  drop_response: 0.05,
  duplicate: 0.05,
  unauthorized: 0.02,
  server_error: 0.04,
};

export class NetworkNemesis {
  enabled = true;
  readonly counts: Record<Fault | 'delay', number> = {
    none: 0,
    delay: 0,
    drop_request: 0,
    drop_response: 0,
    duplicate: 0,
    unauthorized: 0,
    server_error: 0,
  };
  private readonly prng: Prng;
  private readonly rates: FaultRates;

  constructor(prng: Prng, rates: FaultRates = defaultFaultRates) {
    this.prng = prng;
    this.rates = rates;
  }

  /** Delivers (or delays) one random queued request among `transports`. False when none is queued. */
  async step(transports: readonly FakeTransport[]): Promise<boolean> {
    const busy = transports.filter((t) => t.pending > 0);
    if (busy.length === 0) return false;
    const transport = this.prng.pick(busy);
    const index = this.prng.int(0, transport.pending - 1);
    const fault = this.enabled ? this.pickFault() : 'none';
    this.counts[fault]++;
    if (fault === 'delay') return true;
    await transport.deliver(index, fault);
    return true;
  }

  private pickFault(): Fault | 'delay' {
    let roll = this.prng.next();
    for (const [fault, rate] of Object.entries(this.rates) as [keyof FaultRates, number][]) {
      if (roll < rate) return fault;
      roll -= rate;
    }
    return 'none';
  }
}
