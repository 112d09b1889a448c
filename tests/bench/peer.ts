import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Page } from '@playwright/test';

import { DEMO_ANON_KEY } from '../../server/keys.ts';
import { findChromium } from '../../scripts/chromium-path.ts';
import { serveDist } from '../../scripts/serve-dist.ts';
import { seedNotes } from '../e2e/support/seed-notes.ts';
import { realSession, type StoredSession } from '../e2e/support/session.ts';
import type { Benchmark, Metric } from './benchmark.ts';
import { msFigure, summarize } from './summarize.ts';
import { openAppBackend } from './support/app-backend.ts';
import { buildApp } from './support/build-app.ts';
import { bundleForPage } from './support/bundle-for-page.ts';
import { createPeerTable, seedPeerNotes } from './support/create-peer-table.ts';
import { openDevice, type Device } from './support/open-device.ts';
import { pageSignal } from './support/page-signal.ts';
import type { PeerConfig, PeerDevice } from './support/rxdb-peer-page.ts';
import {
  queueOfflineEdits,
  timeDrainAfterOnline,
  UP_TO_DATE_SIGNAL,
  waitUntilSettled,
  whenTextShows,
} from './support/sync-probes.ts';
import { timeHop } from './support/time-hop.ts';
import { timeInitialSync } from './support/time-initial-sync.ts';
import { upToDateAt } from './support/up-to-date-at.ts';
import { waitUntilUpToDate } from './support/wait-until-up-to-date.ts';

/** Inside the 4473–4499 range kept for benchmarks; BENCH_PEER_PORT moves it. */
const PORT = Number(process.env['BENCH_PEER_PORT'] ?? 4479);
/** BENCH_PEER_NOTES makes the journal smaller while the bench itself is being worked on. */
const NOTES = Number(process.env['BENCH_PEER_NOTES'] ?? 10_000);
const EDITS = Math.min(1_000, NOTES);
const HOPS = 25;
const MIN_RUNS = 3;
const PEER_TABLE = 'peer_notes';
const EDIT_SUFFIX = ' (edited offline)';

/** The peer's settings: the documented defaults, and the best found for a first sync. */
interface PeerSettings {
  label: string;
  pullBatchSize?: number;
  pushBatchSize?: number;
}
const PEER_DEFAULTS: PeerSettings = { label: 'RxDB, default batches (pull 100, push 100)' };
const PEER_BEST: PeerSettings = {
  label: 'RxDB, larger batches (pull 1,000, push 1,000)',
  pullBatchSize: 1_000,
  pushBatchSize: 1_000,
};

type PeerWindow = Window & { peer: Promise<PeerDevice> };

const PEER_PAGE = '/peer-bench.html';

/**
 * The peer's page and bundle, written beside the build so the same host serves them on the app's origin
 * (a page fulfilled by Playwright counts as a public address to Chromium, which then refuses it the
 * loopback backend). The page starts the peer with the config a device's init script leaves on window.
 */
function writePeerPage(outDir: string, bundle: string): void {
  writeFileSync(join(outDir, 'peer-bench.js'), bundle);
  writeFileSync(
    join(outDir, PEER_PAGE.slice(1)),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Peer</title></head><body>' +
      '<script src="/peer-bench.js"></script><script>window.peer = MurmurPeer.startPeer(window.peerConfig);</script>' +
      '</body></html>',
  );
}

/** A fresh device running the peer; resolves once its first replication finished. */
async function openPeerDevice(
  email: string,
  session: StoredSession,
  base: string,
  settings: PeerSettings,
  backendUrl: string,
  log: (line: string) => void,
): Promise<{ device: Device; initialSync: { at: number; notes: number } }> {
  const device = await openDevice(email);
  const config: PeerConfig = {
    url: backendUrl,
    anonKey: DEMO_ANON_KEY,
    accessToken: session.access_token,
    table: PEER_TABLE,
    ...(settings.pullBatchSize === undefined ? {} : { pullBatchSize: settings.pullBatchSize }),
    ...(settings.pushBatchSize === undefined ? {} : { pushBatchSize: settings.pushBatchSize }),
  };
  device.page.on('console', (message) => {
    if (message.type() === 'error') log(`peer page: ${message.text()}`);
  });
  device.page.on('pageerror', (error) => log(`peer page: ${error.message}`));
  await device.page.addInitScript((peerConfig) => {
    (window as unknown as { peerConfig: PeerConfig }).peerConfig = peerConfig;
  }, config);
  await device.page.goto(`${base}${PEER_PAGE}`);
  const initialSync = await withTimeout(
    device.page.evaluate(async () => (await (window as unknown as PeerWindow).peer).initialSync),
    'the peer’s first replication',
  );
  return { device, initialSync };
}

/** `promise`, or an error naming `what` once two minutes have passed without it settling. */
function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`peer: ${what} did not finish in 2 min`)), 120_000);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Edits queued offline on the peer, then the ms from 'online' until RxDB says it is in sync. */
async function timePeerDrain(device: Device): Promise<number> {
  const page = device.page;
  await device.context.setOffline(true);
  const edited = await page.evaluate(
    async ([count, suffix]) => (await (window as unknown as PeerWindow).peer).editBodies(count, suffix),
    [EDITS, EDIT_SUFFIX] as const,
  );
  if (edited !== EDITS) throw new Error(`peer: ${edited} of ${EDITS} edits queued`);
  const drained = page.evaluate(async () =>
    (await (window as unknown as PeerWindow).peer).timeDrainAfterOnline(),
  );
  await device.context.setOffline(false);
  return withTimeout(drained, 'the peer’s drain');
}

/** A body saved on peer A until B's page shows it: A's save to B's screen, as Murmur's hop is timed. */
async function timePeerHop(a: Page, b: Page, id: string, body: string): Promise<number> {
  const shown = whenTextShows(b, body);
  const savedAt = await a.evaluate(
    async ([noteId, text]) => (await (window as unknown as PeerWindow).peer).saveBody(noteId, text),
    [id, body] as const,
  );
  const latency = (await shown) - savedAt;
  await a.evaluate(async () => (await (window as unknown as PeerWindow).peer).inSync());
  return latency;
}

/** How many times `slower` takes what `faster` takes (medians, and p95s), with the expectation. */
function timesFigure(
  name: string,
  slower: readonly number[],
  faster: readonly number[],
  atLeast: number,
  note: string,
): Metric {
  const s = summarize(slower);
  const f = summarize(faster);
  const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
  return {
    name,
    unit: '×',
    median: ratio(s.median, f.median),
    p95: ratio(s.p95, f.p95),
    runs: Math.min(s.runs, f.runs),
    target: { comparison: 'at-least', value: atLeast },
    note,
  };
}

function rateFigure(name: string, drainsMs: readonly number[], note: string): Metric {
  const rates = drainsMs.map((ms) => (EDITS / ms) * 1000);
  const { median, runs } = summarize(rates);
  return {
    name,
    unit: 'changes/s',
    median: Math.round(median),
    p95: Math.round(Math.min(...rates)),
    runs,
    note: `${note}; p95 column: slowest run`,
  };
}

/**
 * Issue 55: Murmur beside the peer a developer would otherwise pick for Supabase, RxDB with its
 * `replicateSupabase` plugin on its Dexie (IndexedDB) storage, one after the other in one run: the same
 * production-built page host, Chromium and local backend, the same notes (titles and bodies). The peer
 * runs unmodified in a page of its own on the app's origin, against its own table as its documentation
 * sets it up (create-peer-table.ts). Each scenario is timed from the same point to the same end for
 * both:
 * - initial sync: a fresh profile on disk, navigation start to fully synced (Murmur's indicator "up to
 *   date" with every note stored; RxDB's first replication done);
 * - drain: edits queued offline, from the 'online' event to fully pushed (Murmur's outbox empty; RxDB
 *   in sync);
 * - A → B: a save on device A until device B's screen shows it (Murmur: a check-in on /mood; RxDB: a
 *   note's body, shown by B's page from its collection's change stream).
 * The peer runs twice for the first two: its documented default batches, and larger ones.
 */
export const peer: Benchmark = {
  name: 'peer',
  description: 'Murmur beside RxDB + replicateSupabase: initial sync, drain and A→B in the same run',
  async run({ runs, log }) {
    const runCount = Math.max(runs, MIN_RUNS);
    const { outDir } = await buildApp();
    writePeerPage(outDir, await bundleForPage('tests/bench/support/rxdb-peer-page.ts', 'MurmurPeer'));
    const server = await serveDist({ port: PORT, outDir });
    const backend = await openAppBackend(log);
    if (!findChromium()) throw new Error('peer: no Chromium found (set CHROMIUM_PATH)');
    const base = `http://127.0.0.1:${PORT}`;
    const murmurInitial: number[] = [];
    const murmurDrains: number[] = [];
    const murmurHops: number[] = [];
    const peerHops: number[] = [];
    const peerRuns = [PEER_DEFAULTS, PEER_BEST].map((settings) => ({
      settings,
      initial: [] as number[],
      drains: [] as number[],
    }));
    try {
      if (!backend.db)
        throw new Error(
          'peer: the bench creates the peer’s table, so it needs a backend of its own (stop npm start)',
        );
      await createPeerTable(backend.db, PEER_TABLE);
      const owner = await realSession();
      const email = owner.user.email ?? '';
      await seedNotes(backend.url, owner, NOTES);
      await seedPeerNotes(backend.db, PEER_TABLE, owner.user.id, NOTES);
      log(`peer: ${NOTES} notes on the server for Murmur and for the peer`);
      for (let run = 0; run <= runCount; run += 1) {
        log(`peer: run ${run}: Murmur`);
        const murmur = await openDevice(email);
        const at = await timeInitialSync(murmur.page, `${base}/notes`, owner.user.id, NOTES);
        // As sync-browser does: the first sync's landed rows settled into the notes store before the edits.
        await waitUntilSettled(murmur.page, owner.user.id);
        await murmur.context.setOffline(true);
        await murmur.page.locator('aside[data-state="offline"]').waitFor();
        if ((await queueOfflineEdits(murmur.page, owner.user.id, EDITS)) !== EDITS)
          throw new Error('peer: could not queue Murmur’s edits');
        const drained = timeDrainAfterOnline(murmur.page, owner.user.id);
        await murmur.context.setOffline(false);
        const drainMs = await drained;
        await murmur.close();
        const line = [`run ${run}/${runCount}: Murmur ${Math.round(at)} ms, drain ${Math.round(drainMs)} ms`];
        const peerSamples: { initial: number; drain: number }[] = [];
        for (const peerRun of peerRuns) {
          const { device, initialSync } = await openPeerDevice(
            email,
            owner,
            base,
            peerRun.settings,
            backend.url,
            log,
          );
          if (initialSync.notes < NOTES)
            throw new Error(`peer: synced with ${initialSync.notes} of ${NOTES} notes`);
          const peerDrain = await timePeerDrain(device);
          await device.close();
          peerSamples.push({ initial: initialSync.at, drain: peerDrain });
          line.push(
            `${peerRun.settings.label} ${Math.round(initialSync.at)} ms, drain ${Math.round(peerDrain)} ms`,
          );
        }
        log(`peer: ${line.join('; ')}`);
        // The first run fills the OS and HTTP caches; nobody counts it.
        if (run === 0) continue;
        murmurInitial.push(at);
        murmurDrains.push(drainMs);
        peerRuns.forEach((peerRun, i) => {
          peerRun.initial.push(peerSamples[i]?.initial ?? Number.NaN);
          peerRun.drains.push(peerSamples[i]?.drain ?? Number.NaN);
        });
      }

      // A → B on a second account with a short journal, for both.
      const pair = await realSession();
      const pairEmail = pair.user.email ?? '';
      await seedPeerNotes(backend.db, PEER_TABLE, pair.user.id, 10);
      const a = await openDevice(pairEmail);
      const b = await openDevice(pairEmail);
      const bUpToDate = pageSignal(b.page, UP_TO_DATE_SIGNAL);
      await b.page.goto(`${base}/mood`);
      await upToDateAt(b.page, bUpToDate);
      const aUpToDate = pageSignal(a.page, UP_TO_DATE_SIGNAL);
      await a.page.goto(`${base}/mood`);
      await upToDateAt(a.page, aUpToDate);
      for (let hop = 0; hop <= HOPS; hop += 1) {
        await a.page.getByRole('link', { name: 'Check in', exact: true }).click();
        await waitUntilUpToDate(a.page);
        const latency = await timeHop(a.page, b.page, `hop ${hop} ${randomUUID().slice(0, 8)}`);
        if (hop > 0) murmurHops.push(latency);
        await waitUntilUpToDate(a.page);
      }
      await a.close();
      await b.close();
      const peerA = await openPeerDevice(pairEmail, pair, base, PEER_DEFAULTS, backend.url, log);
      const peerB = await openPeerDevice(pairEmail, pair, base, PEER_DEFAULTS, backend.url, log);
      const id = await peerA.device.page.evaluate(async () =>
        (await (window as unknown as PeerWindow).peer).firstId(),
      );
      for (let hop = 0; hop <= HOPS; hop += 1) {
        const latency = await timePeerHop(
          peerA.device.page,
          peerB.device.page,
          id,
          `hop ${hop} ${randomUUID().slice(0, 8)}`,
        );
        if (hop > 0) peerHops.push(latency);
      }
      await peerA.device.close();
      await peerB.device.close();
    } finally {
      await server.close();
      await backend.close();
    }
    const notes = NOTES.toLocaleString('en-US');
    const edits = EDITS.toLocaleString('en-US');
    const [defaults, best] = peerRuns;
    if (!defaults || !best) throw new Error('peer: missing peer runs');
    const peerFigures = (peerRun: (typeof peerRuns)[number]) => [
      msFigure(
        `${peerRun.settings.label}: initial sync, ${notes} notes, fresh browser, to fully synced`,
        peerRun.initial,
        undefined,
        'navigation start to its first replication done',
      ),
      timesFigure(
        `${peerRun.settings.label} over Murmur: initial sync time`,
        peerRun.initial,
        murmurInitial,
        2,
        'how many times Murmur’s time the peer takes; issue 55 expects at least 2',
      ),
    ];
    return {
      metrics: [
        msFigure(
          `Murmur: initial sync, ${notes} notes, fresh browser, to fully synced`,
          murmurInitial,
          undefined,
          'navigation start to "up to date" with every note stored',
        ),
        ...peerFigures(defaults),
        ...peerFigures(best),
        rateFigure(
          `Murmur: drain of ${edits} offline edits, online to fully pushed`,
          murmurDrains,
          'outbox empty',
        ),
        rateFigure(
          `${defaults.settings.label}: drain of ${edits} offline edits, online to fully pushed`,
          defaults.drains,
          'RxDB in sync',
        ),
        timesFigure(
          `${defaults.settings.label} over Murmur: drain time`,
          defaults.drains,
          murmurDrains,
          1,
          'issue 55 expects Murmur at least as fast',
        ),
        rateFigure(
          `${best.settings.label}: drain of ${edits} offline edits, online to fully pushed`,
          best.drains,
          'RxDB in sync',
        ),
        timesFigure(
          `${best.settings.label} over Murmur: drain time`,
          best.drains,
          murmurDrains,
          1,
          'issue 55 expects Murmur at least as fast',
        ),
        msFigure(
          'Murmur: device A → device B, saved to shown on B',
          murmurHops,
          undefined,
          'a check-in on /mood',
        ),
        msFigure(
          'RxDB: device A → device B, saved to shown on B',
          peerHops,
          undefined,
          "a note's body, shown by B's page from its collection's changes",
        ),
        timesFigure(
          'RxDB over Murmur: device A → device B',
          peerHops,
          murmurHops,
          1,
          'issue 55 expects Murmur no slower',
        ),
      ],
      details: {
        notes: NOTES,
        murmurInitial,
        murmurDrains,
        murmurHops,
        peerHops,
        peer: peerRuns.map(({ settings, initial, drains }) => ({ settings, initial, drains })),
      },
    };
  },
};
