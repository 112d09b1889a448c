import type { Server } from 'node:http';

/**
 * Counts the requests a server is answering, so a graceful stop can wait for them. A request is done
 * when its response has been sent or its connection has gone.
 */
export class InFlightRequests {
  #count = 0;
  #idle: (() => void)[] = [];

  track(response: { once(event: 'close', listener: () => void): unknown }): void {
    this.#count += 1;
    response.once('close', () => {
      this.#count -= 1;
      if (this.#count === 0) for (const resolve of this.#idle.splice(0)) resolve();
    });
  }

  get count(): number {
    return this.#count;
  }

  /** Resolves once no request is in progress. */
  idle(): Promise<void> {
    return this.#count === 0 ? Promise.resolve() : new Promise((resolve) => this.#idle.push(resolve));
  }
}

/**
 * A graceful stop: no new connections; idle keep-alive connections closed at once and as they fall idle;
 * requests in progress get `graceMs` to finish (their clients hear that they succeeded), then whatever is
 * left is cut.
 */
export async function drainServer(
  server: Server,
  inFlight: InFlightRequests,
  graceMs: number,
): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  // A connection whose response was just sent becomes idle: close it rather than wait for its timeout.
  const sweeper = setInterval(() => server.closeIdleConnections(), 50);
  let deadline: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      inFlight.idle(),
      new Promise<void>((resolve) => {
        deadline = setTimeout(resolve, graceMs);
      }),
    ]);
  } finally {
    clearInterval(sweeper);
    clearTimeout(deadline);
  }
  server.closeAllConnections();
  await closed;
}
