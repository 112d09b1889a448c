export interface Throughput {
  readonly requestsPerSecond: number;
  /** Milliseconds per request, in completion order. */
  readonly latencies: number[];
}

/**
 * Runs `call` `requests` times with `concurrency` calls in flight (each worker starts its next call as soon as
 * its last one settled), and reports the rate over the whole batch plus each call's latency. A call that
 * resolves to an error aborts the measurement: a rate of failing requests would be meaningless.
 */
export async function measureThroughput(
  call: () => PromiseLike<{ error: unknown }>,
  options: { requests: number; concurrency: number },
): Promise<Throughput> {
  const latencies: number[] = [];
  let started = 0;
  const worker = async () => {
    while (started < options.requests) {
      started += 1;
      const at = performance.now();
      const { error } = await call();
      if (error) throw new Error(`benchmark request failed: ${JSON.stringify(error)}`);
      latencies.push(performance.now() - at);
    }
  };
  const begin = performance.now();
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const seconds = (performance.now() - begin) / 1000;
  return { requestsPerSecond: options.requests / seconds, latencies };
}
