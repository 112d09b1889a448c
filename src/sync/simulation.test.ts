import { describe, expect, it } from 'vitest';

import { runSimulation } from '../testing/sync/simulation.ts';

/**
 * [R36] The seeded multi-device simulation. CI runs a fixed set of seeds; `SEED=n` (or `--seed n` via
 * scripts/soak.ts) runs one seed; `npm run soak -- --seeds N` runs many.
 */
// Seeds 1–5 are pinned regressions: they first exposed single-change transactions committing before
// their outbox write (Dexie closes a transaction whose callback is not an async function). 6–8 widen CI.
const fixedSeeds = [1, 2, 3, 4, 5, 6, 7, 8];
const env = process.env;
const seeds = env['SEED']
  ? [Number(env['SEED'])]
  : env['SIM_COUNT']
    ? Array.from({ length: Number(env['SIM_COUNT']) }, (_, i) => Number(env['SIM_FROM'] ?? 1) + i)
    : fixedSeeds;
const ops = Number(env['SIM_OPS'] ?? 200);
const pullLimit = env['SIM_PULL_LIMIT'] ? Number(env['SIM_PULL_LIMIT']) : undefined;
const pushBatchSize = env['SIM_PUSH_BATCH'] ? Number(env['SIM_PUSH_BATCH']) : undefined;
/** `SIM_EDITORS=1` (the soak's `--editors`): titles and bodies are typed into open editors (R37–R39). */
const withEditors = env['SIM_EDITORS'] === '1';
/**
 * Open editors type, save against their base, follow the stored entry and reload with unsaved words
 * while the nemesis runs; the oracle also finds every word they showed as typed (R37–R39). With the
 * base taken from the stored row instead, 7 of seeds 1–30 (300 ops) lost words. Pinned: 3002965 and
 * 3003094 lost words when a merge read words the other side never had as its deletions (R38); 3000016
 * did so in a merge of edits that met at the server (R40).
 */
const editorSeeds =
  env['SEED'] || env['SIM_COUNT'] ? [] : [301, 302, 303, 304, 305, 3000016, 3002965, 3003094];
/**
 * Pages of 3 rows: walks span many pages, so writes land during them and pause them for a push (R13),
 * with the nemesis dropping, duplicating and reordering those pages too.
 */
const smallPageSeeds = env['SEED'] || env['SIM_COUNT'] ? [] : [101, 102, 103];
/**
 * Push batches of 2 changes: a drain is many requests, and each batch's acknowledgement is written while
 * the next one is on the wire, with the nemesis losing, duplicating and failing those requests.
 */
const smallBatchSeeds = env['SEED'] || env['SIM_COUNT'] ? [] : [201, 202, 203];

/**
 * Pinned regressions found by `npm run soak` (400 ops): an edit whose pending value had been displaced by
 * a newer pulled value (R14) was coalesced into the next edit and never reached the server, so it was
 * lost without a conflict. Fixed by starting a new mutation when a row's base breaks the chain (R6).
 */
/**
 * The journal encrypted (ADR 0151): every device holds the key, the server sees only sealed words and
 * refuses clear ones, and the same invariants hold over the opened rows.
 */
const encryptedSeeds = env['SEED'] || env['SIM_COUNT'] ? [] : [401, 402, 403];

const pinnedSeeds = env['SEED'] || env['SIM_COUNT'] ? [] : [20039, 20050];

/**
 * Pinned regressions found by `SIM_PULL_LIMIT=3 npm run soak` (300 ops): one tab applied a page the server
 * read before another tab's push, after that push's acknowledgement, so the device showed the old text
 * again and its next edit overwrote the pushed one with no conflict. Fixed by R14a.
 */
const pinnedSmallPageSeeds = env['SEED'] || env['SIM_COUNT'] ? [] : [870417049, 870417265];

/**
 * Pinned regressions found by `SIM_PULL_LIMIT=3 npm run soak` (300 ops), when a catch-up kept its rows in
 * landed chunks (retired by docs/adr/0132): a device kept showing rows a later page had replaced. Kept as
 * runs of small pages.
 */
const pinnedReplacedRowSeeds = env['SEED'] || env['SIM_COUNT'] ? [] : [6025, 6128];

describe('[R36] multi-device simulation', () => {
  for (const seed of pinnedSmallPageSeeds) {
    it(`pinned seed ${seed}, pages of 3 rows: a page older than an acknowledged push is not applied`, async () => {
      const report = await runSimulation({ seed, ops: 300, pullLimit: 3 });
      expect(report.violations, `seed ${seed}`).toEqual([]);
    }, 60_000);
  }

  for (const seed of pinnedReplacedRowSeeds) {
    it(`pinned seed ${seed}, pages of 3 rows: a row a later page replaced is not shown`, async () => {
      const report = await runSimulation({ seed, ops: 300, pullLimit: 3 });
      expect(report.violations, `seed ${seed}`).toEqual([]);
    }, 60_000);
  }

  for (const seed of pinnedSeeds) {
    it(`pinned seed ${seed}: a value displaced before its push is still kept as a conflict`, async () => {
      const report = await runSimulation({ seed, ops: 400 });
      expect(report.violations, `seed ${seed}`).toEqual([]);
    }, 60_000);
  }

  for (const seed of smallPageSeeds) {
    it(`seed ${seed}, pages of 3 rows: long walks pause for writes, and nothing is lost`, async () => {
      const report = await runSimulation({ seed, ops, pullLimit: 3 });
      expect(report.violations, `seed ${seed}`).toEqual([]);
    }, 60_000);
  }

  for (const seed of smallBatchSeeds) {
    it(`seed ${seed}, push batches of 2: every batch is acknowledged in order, and nothing is lost`, async () => {
      const report = await runSimulation({ seed, ops, pushBatchSize: 2 });
      expect(report.violations, `seed ${seed}`).toEqual([]);
    }, 60_000);
  }

  for (const seed of encryptedSeeds) {
    it(`seed ${seed}, an encrypted journal: sealed on the wire, opened on every replica, nothing lost [R44][R45]`, async () => {
      const report = await runSimulation({ seed, ops: 300, editors: true, encrypted: true });
      expect(report.violations, `seed ${seed}`).toEqual([]);
    }, 60_000);
  }

  for (const seed of editorSeeds) {
    it(`seed ${seed}, with open editors: every word typed is in its entry or a conflict [R37][R38][R39]`, async () => {
      const report = await runSimulation({ seed, ops: 300, editors: true });
      expect(report.violations, `seed ${seed}`).toEqual([]);
    }, 60_000);
  }

  for (const seed of seeds) {
    it(`seed ${seed}: replicas converge with nothing lost`, async () => {
      const started = performance.now();
      const report = await runSimulation({
        seed,
        ops,
        ...(pullLimit ? { pullLimit } : {}),
        ...(pushBatchSize ? { pushBatchSize } : {}),
        ...(withEditors ? { editors: true } : {}),
      });
      console.info(
        `simulation seed=${seed} ops=${report.ops} rows=${JSON.stringify(report.tables)} conflicts=${report.conflicts} ` +
          `ops=${JSON.stringify(report.opCounts)} faults=${JSON.stringify(report.faults)} ` +
          `${Math.round(performance.now() - started)} ms`,
      );
      expect(report.violations, `seed ${seed}`).toEqual([]);
    }, 60_000);
  }
});
