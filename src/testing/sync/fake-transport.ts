import {
  forbiddenKind,
  TransportError,
  type SyncPoke,
  type SyncSession,
  type SyncTransport,
} from '../../sync/transport.ts';
import { SyncHttpError, type SyncServerModel } from './sync-server-model.ts';

/**
 * A transport whose requests wait in a queue until the test delivers them (R1 tests), optionally with
 * a fault (network-nemesis.ts). Requests and responses are JSON round-tripped like on a real wire.
 */
export type Fault =
  | 'none'
  /** Lost before the server saw it. */
  | 'drop_request'
  /** The server committed; the answer is lost. */
  | 'drop_response'
  /** The server gets it now and a copy again later (answer to the copy discarded). */
  | 'duplicate'
  | 'unauthorized'
  | 'server_error';

interface Pending {
  kind: 'push' | 'pull';
  body: string;
  token: string;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  /** A duplicate's copy: delivered to the server, its answer goes nowhere. */
  ghost: boolean;
}

export class FakeTransport implements SyncTransport {
  private readonly queue: Pending[] = [];
  private readonly server: SyncServerModel;
  private readonly userId: string;
  /** Transform applied to each response before the client sees it (malformed-response tests). */
  tamper: ((kind: 'push' | 'pull', response: unknown) => unknown) | null = null;
  pokesEnabled = true;
  delivered = 0;
  /** Told of each push request as it is sent. */
  onPush: ((request: unknown) => void) | null = null;

  constructor(server: SyncServerModel, userId: string) {
    this.server = server;
    this.userId = userId;
  }

  get pending(): number {
    return this.queue.length;
  }

  /** Requests whose sender is still waiting for the answer (duplicates' copies excluded). */
  get inFlight(): number {
    return this.queue.filter((p) => !p.ghost).length;
  }

  pendingKinds(): ('push' | 'pull')[] {
    return this.queue.map((p) => p.kind);
  }

  push(request: unknown, session: SyncSession): Promise<unknown> {
    this.onPush?.(request);
    return this.enqueue('push', request, session);
  }

  pull(request: unknown, session: SyncSession): Promise<unknown> {
    return this.enqueue('pull', request, session);
  }

  /**
   * Pokes held back, in the order they were sent, while `holdPokes` is set: the simulation delivers them
   * late, out of order, or never, as a realtime socket may (R27a must hold under all three).
   */
  readonly heldPokes: (() => void)[] = [];
  holdPokes = false;

  onPoke(listener: (poke: SyncPoke) => void): () => void {
    return this.server.subscribe(this.userId, (poke) => {
      if (!this.pokesEnabled) return;
      // Each listener gets its own copy, as each tab's socket would.
      const copy = structuredClone(poke);
      if (this.holdPokes) this.heldPokes.push(() => listener(copy));
      else listener(copy);
    });
  }

  /** Delivers the request at `index` (default: oldest) with `fault`. */
  async deliver(index = 0, fault: Fault = 'none'): Promise<void> {
    const [request] = this.queue.splice(index, 1);
    if (!request) throw new Error('nothing to deliver');
    this.delivered++;
    if (fault === 'drop_request') return request.reject(new TransportError('network', 'request lost'));
    if (fault === 'unauthorized')
      return request.reject(new TransportError('unauthorized', 'JWT expired', 401));
    if (fault === 'server_error') return request.reject(new TransportError('server', 'internal error', 500));
    if (fault === 'duplicate')
      this.queue.push({ ...request, ghost: true, resolve: () => {}, reject: () => {} });
    let response: unknown;
    try {
      const body: unknown = JSON.parse(request.body);
      response =
        request.kind === 'push'
          ? await this.server.push(request.token, body)
          : await this.server.pull(request.token, body);
    } catch (error) {
      return request.reject(toTransportError(error));
    }
    if (fault === 'drop_response') return request.reject(new TransportError('network', 'response lost'));
    const wire: unknown = JSON.parse(JSON.stringify(response));
    request.resolve(this.tamper ? this.tamper(request.kind, wire) : wire);
  }

  async deliverAll(): Promise<number> {
    let count = 0;
    while (this.queue.length > 0) {
      await this.deliver(0);
      count++;
    }
    return count;
  }

  /** Fails every queued request as a network error (the device went offline mid-flight). */
  failAll(): void {
    for (const request of this.queue.splice(0)) request.reject(new TransportError('network', 'offline'));
  }

  private enqueue(kind: 'push' | 'pull', request: unknown, session: SyncSession): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.queue.push({
        kind,
        body: JSON.stringify(request),
        token: session.accessToken,
        resolve,
        reject,
        ghost: false,
      });
    });
  }
}

function toTransportError(error: unknown): TransportError {
  if (error instanceof SyncHttpError) {
    if (error.status === 401) return new TransportError('unauthorized', error.message, 401);
    if (error.status === 403) return new TransportError(forbiddenKind(error.message), error.message, 403);
    if (error.status >= 400 && error.status < 500)
      return new TransportError('rejected', error.message, error.status);
    return new TransportError('server', error.message, error.status);
  }
  return new TransportError('server', error instanceof Error ? error.message : String(error), 500);
}
