import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Page } from '@playwright/test';

import { findChromium } from '../../scripts/chromium-path.ts';
import { serveDist } from '../../scripts/serve-dist.ts';
import { seedNotes } from '../e2e/support/seed-notes.ts';
import { realSession } from '../e2e/support/session.ts';
import type { Benchmark, Metric } from './benchmark.ts';
import { msFigure, summarize } from './summarize.ts';
import { openAppBackend, type AppBackend } from './support/app-backend.ts';
import type { BenchTarget } from './support/bench-backend.ts';
import { buildApp } from './support/build-app.ts';
import { bundleForPage } from './support/bundle-for-page.ts';
import { conflictOutcome, type DeviceNote } from './support/conflict-outcome.ts';
import { CONFLICT_WORDS } from './support/conflict-words.ts';
import { createPeerTable, seedPeerNotes } from './support/create-peer-table.ts';
import { murmurConflictCases } from './support/murmur-conflict-cases.ts';
import { openDevice, type Device } from './support/open-device.ts';
import { openPeerDevice, PEER_PAGE, PEER_TABLE, type PeerSettings } from './support/open-peer-device.ts';
import { pageSignal } from './support/page-signal.ts';
import { peerConflictCases } from './support/peer-conflict-cases.ts';
import { PEER_STORE } from './support/peer-store.ts';
import type { PeerWindow } from './support/rxdb-peer-page.ts';
import {
  queueOfflineEdits,
  timeDrainAfterOnline,
  UP_TO_DATE_SIGNAL,
  waitUntilSettled,
  whenTextShows,
} from './support/sync-probes.ts';
import { timeInitialSync } from './support/time-initial-sync.ts';
import { upToDateAt } from './support/up-to-date-at.ts';
import { waitUntilUpToDate } from './support/wait-until-up-to-date.ts';
import { whenStored } from './support/when-stored.ts';
import { withTimeout } from './support/with-timeout.ts';

/** Inside the 4473–4499 range kept for benchmarks; BENCH_PEER_PORT moves it. */
const PORT = Number(process.env['BENCH_PEER_PORT'] ?? 4479);
/** BENCH_PEER_NOTES makes the journal smaller while the bench itself is being worked on. */
const NOTES = Number(process.env['BENCH_PEER_NOTES'] ?? 10_000);
/** BENCH_PEER_BACKENDS=pglite leaves PostgreSQL 15 out while the bench itself is being worked on. */
const TARGETS = (process.env['BENCH_PEER_BACKENDS'] ?? 'pglite,postgres')
  .split(',')
  .filter((target): target is BenchTarget => target === 'pglite' || target === 'postgres');
const BACKEND_NAMES: Record<BenchTarget, string> = { pglite: 'PGlite', postgres: 'PostgreSQL 15' };
const EDITS = Math.min(1_000, NOTES);
const HOPS = 25;
const MIN_RUNS = 3;
const EDIT_SUFFIX = ' (edited offline)';

const PEER_DEFAULTS: PeerSettings = { label: 'RxDB, batches of 100' };
const PEER_BEST: PeerSettings = {
  label: 'RxDB, batches of 1,000',
  pullBatchSize: 1_000,
  pushBatchSize: 1_000,
};

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

/** One A → B hop: from the start of A's save until B's database holds the body, and until B shows it. */
interface Hop {
  stored: number;
  shown: number;
}

/** Where B keeps the hopped note, for whenStored. */
interface NoteStore {
  database: string;
  store: string;
  id: string;
}

/** Starts watching B's database and B's screen for `body`, runs `save` (resolving with its start), and times both. */
async function timeHopOf(b: Page, at: NoteStore, body: string, save: () => Promise<number>): Promise<Hop> {
  const stored = whenStored(b, at.database, at.store, at.id, 'body', body);
  const shown = whenTextShows(b, body);
  const savedAt = await save();
  return { stored: (await stored) - savedAt, shown: (await shown) - savedAt };
}

/**
 * Murmur's A → B: A on the note's page types a new body into the editor and leaves the field (which
 * saves it); B on /notes, whose card shows the body. Both devices are real app pages.
 */
async function murmurHops(base: string, backendUrl: string): Promise<Hop[]> {
  const pair = await realSession();
  const email = pair.user.email ?? '';
  const [id = ''] = await seedNotes(backendUrl, pair, 10);
  const a = await openDevice(email);
  const b = await openDevice(email);
  const hops: Hop[] = [];
  try {
    const bUpToDate = pageSignal(b.page, UP_TO_DATE_SIGNAL);
    await b.page.goto(`${base}/notes`);
    await upToDateAt(b.page, bUpToDate);
    const aUpToDate = pageSignal(a.page, UP_TO_DATE_SIGNAL);
    await a.page.goto(`${base}/notes/${id}`);
    await upToDateAt(a.page, aUpToDate);
    const body = a.page.getByRole('textbox', { name: 'Text', exact: true });
    const at = { database: `murmur-user-${pair.user.id}`, store: 'notes', id };
    for (let hop = 0; hop <= HOPS; hop += 1) {
      const text = `hop ${hop} ${randomUUID().slice(0, 8)}`;
      await body.fill(text);
      const timed = await timeHopOf(b.page, at, text, () =>
        a.page.evaluate(() => {
          const started = performance.timeOrigin + performance.now();
          (document.activeElement as HTMLElement | null)?.blur();
          return started;
        }),
      );
      if (hop > 0) hops.push(timed);
      await waitUntilUpToDate(a.page);
    }
  } finally {
    await a.close();
    await b.close();
  }
  return hops;
}

/** The peer's A → B: A saves a note's body through its collection; B's page shows the body it changed last. */
async function peerHops(base: string, backend: AppBackend, log: (line: string) => void): Promise<Hop[]> {
  const pair = await realSession();
  if (!backend.db) throw new Error('peer: no owner connection');
  await seedPeerNotes(backend.db, PEER_TABLE, pair.user.id, 10);
  const a = await openPeerDevice(pair, base, PEER_DEFAULTS, backend.url, log);
  const b = await openPeerDevice(pair, base, PEER_DEFAULTS, backend.url, log);
  const hops: Hop[] = [];
  try {
    const id = await a.device.page.evaluate(async () =>
      (await (window as unknown as PeerWindow).peer).firstId(),
    );
    const at = { ...PEER_STORE, id };
    for (let hop = 0; hop <= HOPS; hop += 1) {
      const text = `hop ${hop} ${randomUUID().slice(0, 8)}`;
      const timed = await timeHopOf(b.device.page, at, text, () =>
        a.device.page.evaluate(
          async ([noteId, body]) => (await (window as unknown as PeerWindow).peer).saveBody(noteId, body),
          [id, text] as const,
        ),
      );
      if (hop > 0) hops.push(timed);
      await a.device.page.evaluate(async () => (await (window as unknown as PeerWindow).peer).inSync());
    }
  } finally {
    await a.device.close();
    await b.device.close();
  }
  return hops;
}

/** `metric` in the side-by-side table: its scenario's row and its system's (or ratio's) column. */
function at(metric: Metric, scenario: string, column: string): Metric {
  return { ...metric, compare: { scenario, column } };
}

/** The column of how many times Murmur's time `peer` takes. */
const overMurmur = (peer: string) => `${peer} over Murmur`;

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
    note: `${note}; its p95 is the slowest run`,
  };
}

interface ConflictCases {
  twoEdits: DeviceNote[];
  editAgainstDelete: DeviceNote[];
}

/** Both systems' conflict outcomes as figures: changes kept of the two that raced, and where they are. */
function conflictFigures(on: string, murmur: ConflictCases, peer: ConflictCases): Metric[] {
  const twoEdits = [
    { who: "A's edit", kind: 'edit' as const, words: CONFLICT_WORDS.aAppends.trim() },
    { who: "B's edit", kind: 'edit' as const, words: CONFLICT_WORDS.bPrepends.trim() },
  ];
  const editAgainstDelete = [
    { who: "A's edit", kind: 'edit' as const, words: CONFLICT_WORDS.aBeforeDelete.trim() },
    { who: "B's delete", kind: 'delete' as const },
  ];
  const twoEditsName = 'two offline edits of one body';
  const deleteName = 'an offline edit against a delete';
  // The peer's conflict cases run with its default settings (its own default conflict handler).
  const peerColumn = PEER_DEFAULTS.label;
  return [
    at(
      conflictOutcome(`Murmur, ${on}: ${twoEditsName}`, murmur.twoEdits, twoEdits, true),
      `${on}: ${twoEditsName}`,
      'Murmur',
    ),
    at(
      conflictOutcome(`RxDB, its default handler, ${on}: ${twoEditsName}`, peer.twoEdits, twoEdits, false),
      `${on}: ${twoEditsName}`,
      peerColumn,
    ),
    at(
      conflictOutcome(`Murmur, ${on}: ${deleteName}`, murmur.editAgainstDelete, editAgainstDelete, true),
      `${on}: ${deleteName}`,
      'Murmur',
    ),
    at(
      conflictOutcome(
        `RxDB, its default handler, ${on}: ${deleteName}`,
        peer.editAgainstDelete,
        editAgainstDelete,
        false,
      ),
      `${on}: ${deleteName}`,
      peerColumn,
    ),
  ];
}

/** Every scenario on one backend: its figures and raw samples. */
async function measureOn(
  target: BenchTarget,
  base: string,
  runCount: number,
  log: (line: string) => void,
): Promise<{ metrics: Metric[]; details: Record<string, unknown> }> {
  const on = BACKEND_NAMES[target];
  const backend = await openAppBackend(log, target);
  const murmurInitial: number[] = [];
  const murmurDrains: number[] = [];
  const peerRuns = [PEER_DEFAULTS, PEER_BEST].map((settings) => ({
    settings,
    initial: [] as number[],
    drains: [] as number[],
  }));
  let murmurHopSamples: Hop[] = [];
  let peerHopSamples: Hop[] = [];
  let murmurConflicts: ConflictCases;
  let peerConflicts: ConflictCases;
  try {
    const db = backend.db;
    if (!db)
      throw new Error(
        'peer: the bench creates the peer’s table, so it needs a backend of its own (stop npm start)',
      );
    await createPeerTable(db, PEER_TABLE);
    const owner = await realSession();
    const email = owner.user.email ?? '';
    await seedNotes(backend.url, owner, NOTES);
    await seedPeerNotes(db, PEER_TABLE, owner.user.id, NOTES);
    log(`peer, ${on}: ${NOTES} notes on the server for Murmur and for the peer`);
    for (let run = 0; run <= runCount; run += 1) {
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
        const { device, initialSync } = await openPeerDevice(owner, base, peerRun.settings, backend.url, log);
        if (initialSync.notes < NOTES)
          throw new Error(`peer: synced with ${initialSync.notes} of ${NOTES} notes`);
        const peerDrain = await timePeerDrain(device);
        await device.close();
        peerSamples.push({ initial: initialSync.at, drain: peerDrain });
        line.push(
          `${peerRun.settings.label} ${Math.round(initialSync.at)} ms, drain ${Math.round(peerDrain)} ms`,
        );
      }
      log(`peer, ${on}: ${line.join('; ')}`);
      // The first run fills the OS and HTTP caches; nobody counts it.
      if (run === 0) continue;
      murmurInitial.push(at);
      murmurDrains.push(drainMs);
      peerRuns.forEach((peerRun, i) => {
        peerRun.initial.push(peerSamples[i]?.initial ?? Number.NaN);
        peerRun.drains.push(peerSamples[i]?.drain ?? Number.NaN);
      });
    }

    // A → B on accounts with a short journal, for both.
    murmurHopSamples = await murmurHops(base, backend.url);
    peerHopSamples = await peerHops(base, backend, log);
    log(`peer, ${on}: A → B done`);

    murmurConflicts = await murmurConflictCases(base, backend.url, () => realSession());
    peerConflicts = await peerConflictCases(
      base,
      backend.url,
      async () => {
        const session = await realSession();
        await seedPeerNotes(db, PEER_TABLE, session.user.id, 1);
        return session;
      },
      log,
    );
    log(`peer, ${on}: conflict cases done`);
  } finally {
    await backend.close();
  }
  const notes = NOTES.toLocaleString('en-US');
  const edits = EDITS.toLocaleString('en-US');
  const [defaults, best] = peerRuns;
  if (!defaults || !best) throw new Error('peer: missing peer runs');
  const initialScenario = `${on}: initial sync of ${notes} notes`;
  const drainScenario = `${on}: drain of ${edits} offline edits`;
  const peerFigures = (peerRun: (typeof peerRuns)[number]) =>
    [
      msFigure(
        `${peerRun.settings.label}, ${on}: initial sync of ${notes} notes`,
        peerRun.initial,
        undefined,
        'a fresh browser, from navigation start to its first replication done; pull and push batches of that size',
      ),
      timesFigure(
        `${peerRun.settings.label} over Murmur, ${on}: initial sync`,
        peerRun.initial,
        murmurInitial,
        2,
        'how many times Murmur’s time the peer takes; issue 55 expects at least 2',
      ),
    ].map((metric, index) =>
      at(metric, initialScenario, index === 0 ? peerRun.settings.label : overMurmur(peerRun.settings.label)),
    );
  const drainFigures = (peerRun: (typeof peerRuns)[number]) =>
    [
      rateFigure(
        `${peerRun.settings.label}, ${on}: drain of ${edits} offline edits`,
        peerRun.drains,
        'online to RxDB in sync',
      ),
      timesFigure(
        `${peerRun.settings.label} over Murmur, ${on}: drain`,
        peerRun.drains,
        murmurDrains,
        1,
        'issue 55 expects Murmur at least as fast',
      ),
    ].map((metric, index) =>
      at(metric, drainScenario, index === 0 ? peerRun.settings.label : overMurmur(peerRun.settings.label)),
    );
  const hopFigures = (until: keyof Hop, what: string) => {
    const murmur = murmurHopSamples.map((hop) => hop[until]);
    const peer = peerHopSamples.map((hop) => hop[until]);
    const scenario = `${on}: A → B, to ${what}`;
    // The peer's A → B devices run with its default settings.
    const peerColumn = PEER_DEFAULTS.label;
    return [
      at(
        msFigure(`Murmur, ${on}: A → B, to ${what}`, murmur, undefined, 'a note body saved on device A'),
        scenario,
        'Murmur',
      ),
      at(
        msFigure(`RxDB, ${on}: A → B, to ${what}`, peer, undefined, 'a note body saved on device A'),
        scenario,
        peerColumn,
      ),
      at(
        timesFigure(
          `RxDB over Murmur, ${on}: A → B, to ${what}`,
          peer,
          murmur,
          1,
          'issue 55 expects Murmur no slower; below 1, the peer is faster',
        ),
        scenario,
        overMurmur(peerColumn),
      ),
    ];
  };
  return {
    metrics: [
      at(
        msFigure(
          `Murmur, ${on}: initial sync of ${notes} notes`,
          murmurInitial,
          undefined,
          'a fresh browser, from navigation start to "up to date" with every note stored',
        ),
        initialScenario,
        'Murmur',
      ),
      ...peerFigures(defaults),
      ...peerFigures(best),
      at(
        rateFigure(
          `Murmur, ${on}: drain of ${edits} offline edits`,
          murmurDrains,
          'online to the outbox empty',
        ),
        drainScenario,
        'Murmur',
      ),
      ...drainFigures(defaults),
      ...drainFigures(best),
      ...hopFigures('stored', "B's database"),
      ...hopFigures('shown', "B's screen"),
      ...conflictFigures(on, murmurConflicts, peerConflicts),
    ],
    details: {
      murmurInitial,
      murmurDrains,
      murmurHops: murmurHopSamples,
      peerHops: peerHopSamples,
      peer: peerRuns.map(({ settings, initial, drains }) => ({ settings, initial, drains })),
      conflicts: { murmur: murmurConflicts, peer: peerConflicts },
    },
  };
}

/**
 * Issue 55: Murmur beside the peer a developer would otherwise pick for Supabase, RxDB with its
 * `replicateSupabase` plugin on its Dexie (IndexedDB) storage, one after the other in one run: the same
 * production-built page host, Chromium and local backend, the same notes (titles and bodies), on PGlite
 * and then on PostgreSQL 15. The peer runs unmodified in a page of its own on the app's origin, against
 * its own table as its documentation sets it up (create-peer-table.ts). Each scenario is measured from
 * the same point to the same end for both:
 * - initial sync: a fresh profile on disk, navigation start to fully synced (Murmur's indicator "up to
 *   date" with every note stored; RxDB's first replication done);
 * - drain: edits queued offline, from the 'online' event to fully pushed (Murmur's outbox empty; RxDB
 *   in sync);
 * - A → B: a note's body saved on device A, until device B's IndexedDB holds it and until B's screen
 *   shows it (Murmur: the note's card on /notes; RxDB: B's page showing the body its collection changed);
 * - conflicts, not timed: two offline edits of one body, and an edit against a delete; what each
 *   system keeps on both devices once they converge.
 * The peer runs twice for the first two: its documented default batches, and larger ones.
 */
export const peer: Benchmark = {
  name: 'peer',
  description:
    'Murmur beside RxDB + replicateSupabase: initial sync, drain, A→B and conflicts in the same run',
  async run({ runs, log }) {
    const runCount = Math.max(runs, MIN_RUNS);
    const { outDir } = await buildApp();
    writePeerPage(outDir, await bundleForPage('tests/bench/support/rxdb-peer-page.ts', 'MurmurPeer'));
    const server = await serveDist({ port: PORT, outDir });
    if (!findChromium()) throw new Error('peer: no Chromium found (set CHROMIUM_PATH)');
    const base = `http://127.0.0.1:${PORT}`;
    const metrics: Metric[] = [];
    const details: Record<string, unknown> = { notes: NOTES };
    try {
      for (const target of TARGETS) {
        const measured = await measureOn(target, base, runCount, log);
        metrics.push(...measured.metrics);
        details[target] = measured.details;
      }
    } finally {
      await server.close();
    }
    return { metrics, details };
  },
};
