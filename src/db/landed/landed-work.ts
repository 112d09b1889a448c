/**
 * What the landed-rows middleware still has to do in a transaction (dropping written ids from their
 * chunks) after the writes it was handed went out. A caller that commits as soon as its writes are
 * issued (commitNow) waits for it: a request made after commit() would fail.
 */
const pending = new WeakMap<object, Promise<unknown>[]>();

export function holdCommitFor(transaction: object, work: Promise<unknown>): void {
  const held = pending.get(transaction);
  if (held) held.push(work);
  else pending.set(transaction, [work]);
}

/** The work still held for `transaction`, or undefined when none. */
export function landedWorkOf(transaction: object): Promise<unknown> | undefined {
  const held = pending.get(transaction);
  if (!held) return undefined;
  pending.delete(transaction);
  return Promise.all(held);
}
