/**
 * The pull triggers (R27: a realtime poke, the channel's own on subscribing, focus, a refreshed
 * session) that came during a sync cycle, and how many of them a page request has answered. A request
 * that leaves after a trigger is answered with everything the server committed before the trigger was
 * seen, so a trigger that comes while a walk is still fetching needs no walk of its own: only one that
 * comes after the walk's last request does.
 */
export class PullDemand {
  #asked = 0;
  #covered = 0;
  #requested = false;
  readonly #listeners = new Set<() => void>();

  /** Triggers so far. */
  get asked(): number {
    return this.#asked;
  }

  /** Triggers before the latest page request; null while no request has left. */
  get covered(): number | null {
    return this.#requested ? this.#covered : null;
  }

  ask(): void {
    this.#asked += 1;
    for (const listener of [...this.#listeners]) listener();
  }

  /** A page request is about to leave: it answers every trigger so far. */
  requesting(): void {
    this.#requested = true;
    this.#covered = this.#asked;
  }

  /** Every trigger so far has been answered. */
  answered(): boolean {
    return this.#covered >= this.#asked;
  }

  /** Calls `listener` at each trigger from now on; returns how to stop. */
  onAsk(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
