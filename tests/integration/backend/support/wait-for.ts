/** Resolves when `predicate` holds for something pushed into `items`, or rejects after `ms`. */
export function waitFor<T>(items: T[], predicate: (item: T) => boolean, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = () => {
      const found = items.find(predicate);
      if (found !== undefined) return resolve(found);
      if (Date.now() - started > ms) return reject(new Error('timed out waiting for a realtime message'));
      setTimeout(poll, 20);
    };
    poll();
  });
}
