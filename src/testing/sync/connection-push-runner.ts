import { IDBKeyRange as FakeIDBKeyRange } from 'fake-indexeddb';

import { openUserDatabase } from '../../db/open-user-database.ts';
import { drainOutbox } from '../../sync/drain-outbox.ts';
import type { DrainHere, PushRunner } from '../../sync/push-runner.ts';
import type { SyncTransport } from '../../sync/transport.ts';
import { leaseRenewal } from '../../sync/with-sync-lock.ts';
import type { TestDevice } from './test-device.ts';

/**
 * A push runner that drains over a connection of its own to the device's database, as the app's sync
 * worker does (docs/adr/0115), with the transport the test sets once its tab exists. While
 * `unavailable` (a worker still starting, or one that did not load) drains go back to the engine's
 * thread through `drainHere`.
 */
export class ConnectionPushRunner implements PushRunner {
  transport: SyncTransport | null = null;
  drains = 0;
  drainedHere = 0;
  unavailable = false;

  private readonly device: TestDevice;

  constructor(device: TestDevice) {
    this.device = device;
  }

  async drain(
    job: Parameters<PushRunner['drain']>[0],
    onBatch: Parameters<PushRunner['drain']>[1],
    isCancelled: () => boolean,
    drainHere: DrainHere,
  ): Promise<number> {
    if (this.unavailable || !this.transport) {
      this.drainedHere++;
      return drainHere();
    }
    this.drains++;
    const db = await openUserDatabase(job.session.userId, {
      indexedDB: this.device.indexedDB,
      IDBKeyRange: FakeIDBKeyRange,
    });
    try {
      return await drainOutbox(
        {
          db,
          transport: this.transport,
          session: job.session,
          clientId: job.clientId,
          pushBatchSize: job.pushBatchSize,
          nowIso: () => new Date(this.device.clock.now()).toISOString(),
          conflictId: () => this.device.ids.next(),
          onProgress: onBatch,
          isDisposed: isCancelled,
        },
        leaseRenewal(db, this.device.clock, 'push'),
      );
    } finally {
      db.close();
    }
  }
}
