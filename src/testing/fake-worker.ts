/**
 * A Worker for unit tests, handed in where code would start a real one: it records what it is sent and
 * replies or fails when a test says so.
 */
export class FakeWorker {
  onmessage: ((event: MessageEvent) => void) | null = null;
  // Typed with a plain Event: a script that cannot load fires one, though Worker types it ErrorEvent.
  onerror: ((event: Event) => void) | null = null;
  readonly posted: unknown[] = [];
  terminated = false;

  postMessage(message: unknown): void {
    this.posted.push(message);
  }

  terminate(): void {
    this.terminated = true;
  }

  reply(data: unknown): void {
    this.onmessage?.(new MessageEvent('message', { data }));
  }

  error(event: Event): void {
    this.onerror?.(event);
  }

  /** What code under test takes for a Worker. */
  asWorker(): Worker {
    return this as unknown as Worker;
  }
}
