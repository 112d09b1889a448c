import { createClient } from '@supabase/supabase-js';
import { createRxDatabase, type RxCollection, type RxJsonSchema } from 'rxdb';
import { replicateSupabase, type RxSupabaseReplicationState } from 'rxdb/plugins/replication-supabase';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';

/**
 * The peer Murmur is measured against, as a page of its own: RxDB on IndexedDB through its Dexie storage,
 * replicating one table with `replicateSupabase`, set up as RxDB's documentation shows and left
 * unmodified. Bundled by bundleForPage into a classic script; the bench drives it through the object
 * `startPeer` resolves with, kept on `window.peer`.
 */

export interface PeerConfig {
  url: string;
  anonKey: string;
  accessToken: string;
  table: string;
  /** Undefined keeps RxDB's default (100 for pulls and for pushes). */
  pullBatchSize?: number;
  pushBatchSize?: number;
}

interface PeerNote {
  id: string;
  title: string;
  body: string;
  user_id?: string;
}

export interface PeerDevice {
  /** ms from navigation start until the first replication finished, and the notes then stored. */
  readonly initialSync: { at: number; notes: number };
  /** Changes the body of `count` stored notes in one local write; works offline. */
  editBodies(count: number, suffix: string): Promise<number>;
  /** Resolves with the ms from the next 'online' event until every local write is pushed. */
  timeDrainAfterOnline(): Promise<number>;
  /** Saves `body` into note `id` and returns the wall-clock time of the save's start. */
  saveBody(id: string, body: string): Promise<number>;
  /** Until nothing waits to be pushed or pulled. */
  inSync(): Promise<void>;
  /** Deletes note `id` as RxDB deletes: a soft delete (`_deleted`) its replication pushes. */
  deleteNote(id: string): Promise<void>;
  body(id: string): Promise<string | undefined>;
  firstId(): Promise<string>;
}

/** What the bench reaches through `page.evaluate`: the page's peer, once it has started. */
export type PeerWindow = Window & { peer: Promise<PeerDevice> };

const NOTE_SCHEMA: RxJsonSchema<PeerNote> = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 64 },
    title: { type: 'string' },
    body: { type: 'string' },
    user_id: { type: 'string' },
  },
  required: ['id', 'title', 'body'],
};

/** Shows the body of the note changed last on screen, as a screen reading the collection would. */
function showChanges(collection: RxCollection<PeerNote>): void {
  const shown = document.createElement('p');
  document.body.append(shown);
  collection.$.subscribe((change) => {
    const body = (change.documentData as PeerNote | undefined)?.body;
    if (body !== undefined) shown.textContent = body;
  });
}

export async function startPeer(config: PeerConfig): Promise<PeerDevice> {
  const supabase = createClient(config.url, config.anonKey, {
    accessToken: () => Promise.resolve(config.accessToken),
  });
  const database = await createRxDatabase<{ notes: RxCollection<PeerNote> }>({
    // peer-store.ts names the IndexedDB database this name and the collection below give.
    name: 'peer',
    storage: getRxStorageDexie(),
  });
  await database.addCollections({ notes: { schema: NOTE_SCHEMA } });
  const notes = database.notes;
  const replication: RxSupabaseReplicationState<PeerNote> = replicateSupabase<PeerNote>({
    replicationIdentifier: `peer-${config.table}`,
    collection: notes,
    // The same supabase-js: rxdb's typings name its CommonJS declaration, this module resolves the ESM one.
    client: supabase as unknown as Parameters<typeof replicateSupabase<PeerNote>>[0]['client'],
    tableName: config.table,
    pull: config.pullBatchSize === undefined ? {} : { batchSize: config.pullBatchSize },
    push: config.pushBatchSize === undefined ? {} : { batchSize: config.pushBatchSize },
  });
  // Failed pushes while the bench holds the device offline are expected; any other error is reported.
  replication.error$.subscribe((error) => {
    if (navigator.onLine) console.error(`peer replication: ${String(error)}`);
  });
  await replication.awaitInitialReplication();
  const initialSync = { at: performance.now(), notes: await notes.count().exec() };
  showChanges(notes);
  return {
    initialSync,
    async editBodies(count, suffix) {
      const docs = await notes.find({ limit: count }).exec();
      await notes.bulkUpsert(docs.map((doc) => ({ ...doc.toMutableJSON(), body: `${doc.body}${suffix}` })));
      return docs.length;
    },
    async timeDrainAfterOnline() {
      await new Promise<void>((resolve) =>
        window.addEventListener('online', () => resolve(), { once: true }),
      );
      const start = performance.now();
      await replication.awaitInSync();
      return performance.now() - start;
    },
    async saveBody(id, body) {
      const at = performance.timeOrigin + performance.now();
      const doc = await notes.findOne(id).exec();
      if (!doc) throw new Error(`peer: no note ${id}`);
      await doc.incrementalPatch({ body });
      return at;
    },
    inSync: () => replication.awaitInSync().then(() => undefined),
    async deleteNote(id) {
      const doc = await notes.findOne(id).exec();
      if (!doc) throw new Error(`peer: no note ${id}`);
      await doc.remove();
    },
    body: async (id) => (await notes.findOne(id).exec())?.body,
    async firstId() {
      const first = await notes.findOne({ sort: [{ id: 'asc' }] }).exec();
      if (!first) throw new Error('peer: no note stored');
      return first.id;
    },
  };
}
