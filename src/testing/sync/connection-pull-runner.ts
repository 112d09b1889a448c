import { IDBKeyRange as FakeIDBKeyRange } from 'fake-indexeddb';

import { openUserDatabase } from '../../db/open-user-database.ts';
import {
  walkHereToTheEnd,
  type PullOutcome,
  type PullRunner,
  type WalkHere,
} from '../../sync/pull-runner.ts';
import { pullToClock } from '../../sync/pull-to-clock.ts';
import type { SyncTransport } from '../../sync/transport.ts';
import type { TestDevice } from './test-device.ts';

/**
 * A pull runner that walks over a connection of its own to the device's database, as the app's pull
 * worker does (docs/adr/0099), with the transport the test sets once its tab exists. Walks it was told
 * to refuse go back to the engine's thread through `walkHere`, as after a worker that did not load; with
 * `readyAfter` set, each walk begins on the engine's thread and is taken over once it has asked that
 * many times, as while the worker is still starting.
 */
export class ConnectionPullRunner implements PullRunner {
  transport: SyncTransport | null = null;
  walks = 0;
  walkedHere = 0;
  handedOver = 0;
  /** Whether the last walk was told to stop early. */
  cancelled = false;
  unavailable = false;
  /** Asks a walk makes on the engine's thread before this runner takes it over. */
  readyAfter: number | null = null;
  /** Called at each of those asks (what has the walk applied by then?). */
  onAsk: () => void = () => undefined;

  private readonly device: TestDevice;

  constructor(device: TestDevice) {
    this.device = device;
  }

  async walk(
    job: Parameters<PullRunner['walk']>[0],
    onPage: Parameters<PullRunner['walk']>[1],
    isCancelled: () => boolean,
    walkHere: WalkHere,
  ): Promise<PullOutcome> {
    if (this.unavailable || !this.transport) {
      this.walkedHere++;
      return walkHereToTheEnd(walkHere, job.cursor);
    }
    // As the app's runner: the job's cursor is for the walk that starts first.
    let cursor = job.cursor;
    const readyAfter = this.readyAfter;
    if (readyAfter !== null) {
      let asked = 0;
      const outcome = await walkHere(() => {
        this.onAsk();
        return ++asked > readyAfter;
      }, cursor);
      if (outcome !== 'handed-over') return outcome;
      this.handedOver++;
      cursor = undefined;
    }
    this.walks++;
    const db = await openUserDatabase(job.session.userId, {
      indexedDB: this.device.indexedDB,
      IDBKeyRange: FakeIDBKeyRange,
    });
    try {
      return await pullToClock(
        {
          db,
          transport: this.transport,
          session: job.session,
          clientId: job.clientId,
          pullLimit: job.pullLimit,
          ...(cursor === undefined ? {} : { startCursor: cursor }),
          onProgress: (progress) => {
            if (progress) void onPage(progress);
          },
          isDisposed: () => (this.cancelled = isCancelled()),
        },
        job.wantDigest,
        () => Promise.resolve(),
      );
    } finally {
      db.close();
    }
  }
}
