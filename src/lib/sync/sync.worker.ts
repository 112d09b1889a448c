import { openUserDatabase } from '../../db/open-user-database.ts';
import type { MurmurDatabase } from '../../db/schema.ts';
import { getClientId, getCursor } from '../../db/sync-meta.ts';
import { drainOutbox } from '../../sync/drain-outbox.ts';
import { EarlyPages } from '../../sync/early-pages.ts';
import { pullToClock } from '../../sync/pull-to-clock.ts';
import type { PullPageFeed } from '../../sync/pull-page-feed.ts';
import { browserYield, realClock, realIds } from '../../sync/real-ports.ts';
import { leaseRenewal } from '../../sync/with-sync-lock.ts';
import { PullDemand } from '../../sync/pull-demand.ts';
import type { SyncSession, SyncTransport } from '../../sync/transport.ts';
import { createWorkerSupabaseClient } from '../supabase-client.ts';
import type { SyncWorkerReply, SyncWorkerRequest } from './sync-worker-messages.ts';
import { createSupabaseSyncTransport } from './supabase-sync-transport.ts';
import { toWalkError } from './walk-error.ts';

/**
 * The sync worker. It walks pull pages (R13–R15, R28; docs/adr/0099) off the main thread, fetching,
 * checking and writing them to the user's database, which it opens itself. A first sync of ten
 * thousand entries is seconds of validation and IndexedDB cloning that would otherwise block input;
 * the screens see the writes through Dexie's cross-thread change events, as they see another tab's.
 * It drains the outbox too (R6–R9, R16; docs/adr/0115): a save's push then reads the outbox and leaves
 * while the page renders the save, not after. The engine on the page keeps the locks, the leases,
 * resets and status; this worker only walks and drains.
 */
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<SyncWorkerRequest>) => void) | null;
  postMessage: (message: SyncWorkerReply) => void;
};

interface Opened {
  userId: string;
  db: MurmurDatabase;
  transport: SyncTransport;
}

/** Long enough for the page to hear of a commit and ask for its reads before the next transaction. */
const READERS_PAUSE_MS = 16;

let opened: Promise<Opened> | null = null;
/** The token the page handed over with the latest walk: the client sends it with each request. */
let accessToken = '';
const cancelled = new Set<number>();
/** The pull triggers the page told each running walk of. */
const demands = new Map<number, PullDemand>();
/** A fresh device's first pages, asked for before its first walk (docs/adr/0117). */
let earlyPages: EarlyPages | null = null;
/** Set as the first walk is asked for: pages asked for early after that would be no one's. */
let walkAsked = false;

function open(userId: string): Promise<Opened> {
  if (!opened) {
    opened = openUserDatabase(userId).then((db) => {
      const client = createWorkerSupabaseClient(() => Promise.resolve(accessToken));
      return { userId, db, transport: createSupabaseSyncTransport(client, userId) };
    });
    opened.then(
      () => scope.postMessage({ type: 'ready' }),
      (error: unknown) => scope.postMessage({ type: 'failed', message: String(error) }),
    );
  }
  return opened;
}

/**
 * The session a walk or a drain runs under, its token now the client's. A request of another user is
 * refused: nothing is pulled into, or pushed from, another account's database (R30, R31).
 */
function sessionOf(request: { userId: string; accessToken: string }, worker: Opened): SyncSession {
  if (worker.userId !== request.userId) throw new Error('the sync worker belongs to another user');
  accessToken = request.accessToken;
  return { userId: request.userId, accessToken: request.accessToken };
}

/**
 * Asks for the first pages of a database that has never pulled (cursor 0), unless a walk was asked for
 * already. Its client id is the one the engine will use: read or created in one transaction.
 */
async function askEarlyPages(
  request: Extract<SyncWorkerRequest, { type: 'early-pages' }>,
  worker: Opened,
): Promise<void> {
  const session = sessionOf(request, worker);
  const [clientId, cursor] = await Promise.all([getClientId(worker.db, realIds), getCursor(worker.db)]);
  if (cursor !== 0 || walkAsked) return;
  const start = { cursor, clientId, pullLimit: request.pullLimit, wantDigest: false };
  earlyPages = new EarlyPages(worker.db, worker.transport, session, start, browserYield);
}

/** The early pages' feed if this walk starts as they do; they are stopped otherwise. */
async function earlyFeedFor(
  request: Extract<SyncWorkerRequest, { type: 'walk' }>,
  worker: Opened,
  demand: PullDemand,
): Promise<{ feed: PullPageFeed; startCursor: number } | null> {
  const early = earlyPages;
  if (!early) return null;
  earlyPages = null;
  const cursor = request.cursor ?? (await getCursor(worker.db));
  const { clientId, pullLimit, wantDigest } = request;
  const feed = early.takeFor({ cursor, clientId, pullLimit, wantDigest }, () => demand.requesting());
  return feed ? { feed, startCursor: cursor } : null;
}

async function walk(request: Extract<SyncWorkerRequest, { type: 'walk' }>, worker: Opened): Promise<void> {
  const { id } = request;
  const demand = demands.get(id) ?? new PullDemand();
  try {
    const session = sessionOf(request, worker);
    const early = await earlyFeedFor(request, worker, demand);
    const outcome = await pullToClock(
      {
        db: worker.db,
        transport: worker.transport,
        session,
        clientId: request.clientId,
        pullLimit: request.pullLimit,
        ...(request.cursor === undefined ? {} : { startCursor: request.cursor }),
        // Taken from the early pages, the walk starts where they do.
        ...early,
        // No yieldToUi while checking pages: nothing here paints or takes input. One task's pause before
        // each page's check lets the next page's request leave first.
        nextTask: browserYield,
        onProgress: (progress) => {
          if (progress) scope.postMessage({ type: 'page', id, progress });
        },
        isDisposed: () => cancelled.has(id),
        pullDemand: demand,
        afterApply: () => new Promise((resolve) => setTimeout(resolve, READERS_PAUSE_MS)),
      },
      request.wantDigest,
      // The page renews the lease (R29) when it hears of each page.
      () => Promise.resolve(),
    );
    scope.postMessage({ type: 'walked', id, outcome, answered: demand.covered });
  } finally {
    cancelled.delete(id);
    demands.delete(id);
  }
}

async function drain(request: Extract<SyncWorkerRequest, { type: 'drain' }>, worker: Opened): Promise<void> {
  const { id } = request;
  try {
    const session = sessionOf(request, worker);
    const sent = await drainOutbox(
      {
        db: worker.db,
        transport: worker.transport,
        session,
        clientId: request.clientId,
        pushBatchSize: request.pushBatchSize,
        nowIso: () => new Date(realClock.now()).toISOString(),
        conflictId: () => realIds.next(),
        onProgress: (progress) => scope.postMessage({ type: 'batch', id, progress }),
        isDisposed: () => cancelled.has(id),
      },
      // The engine on the page holds the push lock; its lease is renewed here, beside the drain's writes.
      leaseRenewal(worker.db, realClock, 'push'),
    );
    scope.postMessage({ type: 'drained', id, sent });
  } finally {
    cancelled.delete(id);
  }
}

scope.onmessage = (event) => {
  const request = event.data;
  if (request.type === 'open') {
    void open(request.userId).catch(() => undefined);
  } else if (request.type === 'cancel') {
    cancelled.add(request.id);
  } else if (request.type === 'ask') {
    demands.get(request.id)?.ask();
  } else if (request.type === 'drain') {
    open(request.userId).then(
      (worker) =>
        drain(request, worker).catch((error: unknown) =>
          scope.postMessage({ type: 'drain-failed', id: request.id, error: toWalkError(error) }),
        ),
      // Reported as 'failed' by open(): the page drains on its own thread instead.
      () => undefined,
    );
  } else if (request.type === 'early-pages') {
    open(request.userId).then(
      (worker) =>
        askEarlyPages(request, worker).catch((error: unknown) =>
          // The first walk asks for its pages itself: this only costs the head start.
          console.warn('Murmur could not ask for the first pages early', error),
        ),
      // Reported as 'failed' by open(): the page walks on its own thread instead.
      () => undefined,
    );
  } else {
    walkAsked = true;
    // Asks the page tells of from now on are this walk's, even before the database is open.
    demands.set(request.id, new PullDemand());
    open(request.userId).then(
      (worker) =>
        walk(request, worker).catch((error: unknown) =>
          scope.postMessage({ type: 'walk-failed', id: request.id, error: toWalkError(error) }),
        ),
      // Reported as 'failed' by open(): the page walks on its own thread instead.
      () => demands.delete(request.id),
    );
  }
};
