import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';

import { FakeWorker } from '../testing/fake-worker.ts';
import { workerWithFallback } from './worker-with-fallback.ts';

type Request = { type: 'open'; userId: string } | { type: 'echo'; id: number; text: string };
type Reply = { type: 'echoed'; id: number; text: string } | { type: 'failed'; message: string };

/** The main-thread stand-in: answers at once, and says it is the one answering. */
function localEcho() {
  return {
    closed: false,
    echo: (text: string) => Promise.resolve(`local ${text}`),
    close() {
      this.closed = true;
    },
  };
}
type LocalEcho = ReturnType<typeof localEcho>;

const FAILURE = 'The echo worker failed; echoing on the main thread instead';

function echoClient(createWorker: (() => Worker) | null) {
  const handedOver: LocalEcho[] = [];
  const client = workerWithFallback<Request, Reply, LocalEcho, string>({
    failureMessage: FAILURE,
    createWorker,
    open: { type: 'open', userId: 'u-1' },
    createLocal: localEcho,
    onReply(reply, answer) {
      if (reply.type === 'echoed') answer(reply.id, reply.text);
    },
    handOver: (local) => handedOver.push(local),
  });
  const echo = (text: string) =>
    client.ask(
      (id) => ({ type: 'echo', id, text }),
      (local) => local.echo(text),
    );
  return { client, echo, handedOver };
}

describe('worker with fallback', () => {
  let worker: FakeWorker;
  let logged: MockInstance<typeof console.error>;
  beforeEach(() => {
    worker = new FakeWorker();
    logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('opens the worker, then routes each reply to the question of its id', async () => {
    const { client, echo } = echoClient(() => worker.asWorker());
    const first = echo('one');
    const second = echo('two');
    expect(worker.posted).toEqual([
      { type: 'open', userId: 'u-1' },
      { type: 'echo', id: 1, text: 'one' },
      { type: 'echo', id: 2, text: 'two' },
    ]);

    worker.reply({ type: 'echoed', id: 2, text: 'worker two' });
    worker.reply({ type: 'echoed', id: 1, text: 'worker one' });
    expect(await Promise.all([first, second])).toEqual(['worker one', 'worker two']);
    expect(client.local).toBeNull();
  });

  it("falls back on a 'failed' reply, asking the open questions on the main thread", async () => {
    const { client, echo, handedOver } = echoClient(() => worker.asWorker());
    const open = echo('one');

    worker.reply({ type: 'failed', message: 'the database could not be opened' });
    expect(logged).toHaveBeenCalledWith(FAILURE, 'the database could not be opened');
    expect(worker.terminated).toBe(true);
    expect(handedOver).toEqual([client.local]);
    expect(await open).toBe('local one');

    expect(await echo('two')).toBe('local two');
    expect(worker.posted).toHaveLength(2);
  });

  it('falls back when the script cannot load, which the browser tells with a plain Event', async () => {
    const { client, echo } = echoClient(() => worker.asWorker());
    const open = echo('one');

    worker.error(new Event('error'));
    expect(logged).toHaveBeenCalledWith(FAILURE, 'its script could not be loaded');
    expect(worker.terminated).toBe(true);
    expect(client.local).not.toBeNull();
    expect(await open).toBe('local one');
  });

  it('ignores what the worker still sends once it has been given up', async () => {
    const { echo, handedOver } = echoClient(() => worker.asWorker());
    const open = echo('one');
    worker.reply({ type: 'failed', message: 'gone' });
    worker.reply({ type: 'echoed', id: 1, text: 'worker one' });
    worker.error(new Event('error'));

    expect(await open).toBe('local one');
    expect(logged).toHaveBeenCalledOnce();
    expect(handedOver).toHaveLength(1);
  });

  it('tells the worker, or the main thread once the worker has failed', () => {
    const { client } = echoClient(() => worker.asWorker());
    const told: string[] = [];
    client.tell({ type: 'echo', id: 0, text: 'to the worker' }, () => told.push('locally'));
    worker.reply({ type: 'failed', message: 'gone' });
    client.tell({ type: 'echo', id: 0, text: 'to the worker' }, () => told.push('locally'));

    expect(worker.posted).toHaveLength(2);
    expect(told).toEqual(['locally']);
  });

  it('terminates the worker on close, and closes the main-thread one if in use', () => {
    const { client } = echoClient(() => worker.asWorker());
    client.close();
    expect(worker.terminated).toBe(true);

    const failing = new FakeWorker();
    const fallenBack = echoClient(() => failing.asWorker());
    failing.reply({ type: 'failed', message: 'gone' });
    fallenBack.client.close();
    expect(fallenBack.client.local?.closed).toBe(true);
  });

  it('uses the main thread from the start where no Worker exists', async () => {
    const { client, echo } = echoClient(null);
    expect(client.local).not.toBeNull();
    expect(await echo('one')).toBe('local one');
    client.close();
    expect(client.local?.closed).toBe(true);
    expect(logged).not.toHaveBeenCalled();
  });
});
