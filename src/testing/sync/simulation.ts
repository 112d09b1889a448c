/**
 * Seeded multi-device simulation of the sync protocol (docs/sync.md R36). Devices × tabs run random
 * journal commands, go offline, reload tabs, skew their clocks and lose their sessions while a network
 * nemesis drops, duplicates, delays and reorders requests and answers 401/500. After quiescence every
 * invariant of R36 is checked against an oracle built from the outbox rows the commands wrote.
 */
import { EntityDeletedError } from '../../db/commands/write-change.ts';
import {
  isSyncedTable,
  syncedTableNames,
  tablePolicy,
  type SyncedTable,
} from '../../db/entities/entity-tables.ts';
import type { OutboxRow } from '../../db/schema.ts';
import { getCursor } from '../../db/sync-meta.ts';
import { isEncryptedValue } from '../../sync/crypto/encrypted-value.ts';
import { generateDataKey } from '../../sync/crypto/generate-data-key.ts';
import { journalCipher } from '../../sync/crypto/journal-cipher.ts';
import { openRow } from '../../sync/crypto/open-row.ts';
import { pushRequestSchema } from '../../sync/protocol.ts';
import { SimulatedEditors } from './simulated-editors.ts';
import type { FakeTransport } from './fake-transport.ts';
import { NetworkNemesis } from './network-nemesis.ts';
import { createPrng } from './prng.ts';
import { closeTestTab, macrotask, openTestTab, type TestDevice, type TestTab } from './test-device.ts';
import { createTestWorld, TEST_USER } from './test-world.ts';

export interface SimulationOptions {
  seed: number;
  devices?: number;
  tabsPerDevice?: number;
  ops?: number;
  /** Rows per pull page; small pages make walks long, so writes land during them (R13's pause). */
  pullLimit?: number;
  /** Changes per push batch; small batches make a drain many requests, each written back during the next. */
  pushBatchSize?: number;
  /**
   * Titles and bodies of notes and diary entries are written only by open editors that type, save
   * against their base, follow the stored entry and reload with unsaved words (R37–R39), and the oracle
   * also checks that no word they showed as typed is lost (`SimulatedEditors`).
   */
  editors?: boolean;
  /**
   * The journal is encrypted (ADR 0151): every device holds the key, pushes leave sealed, the server
   * refuses clear text (R45), and the oracle reads the server's rows and the pushed changes opened.
   */
  encrypted?: boolean;
}

export interface SimulationReport {
  seed: number;
  ops: number;
  opCounts: Record<string, number>;
  faults: Record<string, number>;
  serverRows: number;
  tables: Record<string, number>;
  conflicts: number;
  violations: string[];
}

interface WriteRecord {
  table: string;
  id: string;
  field: string;
  value: unknown;
  hlc: string;
  base: string;
}

const ENTITY_TABLES = ['notes', 'diary_entries', 'mood_entries', 'recordings'] as const;
type EntityTable = (typeof ENTITY_TABLES)[number];

export async function runSimulation(options: SimulationOptions): Promise<SimulationReport> {
  const prng = createPrng(options.seed);
  const world = createTestWorld();
  const { server, timers } = world;
  const nemesis = new NetworkNemesis(prng);
  const deviceCount = options.devices ?? 3;
  const tabsPerDevice = options.tabsPerDevice ?? 2;
  const opTotal = options.ops ?? 150;
  const key = options.encrypted ? await generateDataKey() : null;
  const cipher = key ? journalCipher(key) : null;
  if (key) server.setJournalEncrypted(TEST_USER);
  const engineOptions = {
    ...(options.pullLimit === undefined ? {} : { pullLimit: options.pullLimit }),
    ...(options.pushBatchSize === undefined ? {} : { pushBatchSize: options.pushBatchSize }),
    ...(key ? { journalKey: () => Promise.resolve(key) } : {}),
  };
  /** Pushed changes opened as the devices wrote them (sealed ones are read in the order they came). */
  const openingPushes: Promise<void>[] = [];
  /** The server's rows as a device with the key reads them. */
  const openedServerRows = async () => {
    const rows = server.rows(TEST_USER);
    return cipher ? ((await cipher.openRows(rows)) as typeof rows) : rows;
  };
  const skew = () => prng.int(-10 * 60_000, 4 * 60_000);
  const openTab = async (device: TestDevice): Promise<TestTab> => {
    const tab = await openTestTab(device, server, timers, engineOptions);
    // The engine's own changes (R40 merges) may be pushed before any op reads the outbox: every pushed
    // mutation is recorded as well. A command's change is then recorded twice, which the oracle allows.
    tab.transport.onPush = (request) => {
      const mutations = pushRequestSchema.parse(request).mutations;
      if (!key) {
        for (const m of mutations) recordWrite(m.table, m.id, m);
        return;
      }
      openingPushes.push(
        (async () => {
          for (const m of mutations) {
            const patch = isSyncedTable(m.table) ? await openRow(key, m.table, m.id, m.patch) : m.patch;
            recordWrite(m.table, m.id, { ...m, patch });
          }
        })(),
      );
    };
    // Pokes, with the rows they carry (R27a), arrive when the 'poke' op says: late, out of order, or never.
    tab.transport.holdPokes = true;
    return tab;
  };
  /** Delivers the oldest held poke of `transport` (or, now and then, another), or loses it. */
  const deliverPoke = (transport: FakeTransport, loseRate: number) => {
    const index = prng.chance(0.7) ? 0 : prng.int(0, transport.heldPokes.length - 1);
    const [poke] = transport.heldPokes.splice(index, 1);
    if (poke && !prng.chance(loseRate)) poke();
  };

  const devices: TestDevice[] = [];
  const tabs: TestTab[][] = [];
  const zombies: FakeTransport[] = [];
  const lastSeq = new Map<TestDevice, number>();
  const writes: WriteRecord[] = [];
  const recordWrite = (table: string, id: string, change: Pick<OutboxRow, 'patch' | 'hlc' | 'base'>) => {
    for (const [field, value] of Object.entries(change.patch))
      writes.push({ table, id, field, value, hlc: change.hlc[field] ?? '', base: change.base[field] ?? '' });
  };
  const opCounts: Record<string, number> = {};
  let text = 0;

  for (let d = 0; d < deviceCount; d++) {
    const device = world.device({ skewMs: skew() });
    device.random = prng.next;
    devices.push(device);
    lastSeq.set(device, 0);
    const deviceTabs: TestTab[] = [];
    for (let t = 0; t < tabsPerDevice; t++) {
      const tab = await openTab(device);
      tab.engine.start();
      deviceTabs.push(tab);
    }
    tabs.push(deviceTabs);
  }
  const allTabs = () => tabs.flat();
  const transports = () => [...allTabs().map((t) => t.transport), ...zombies];

  /** A tab about to call a command, told so as the app tells it (its push lock is reserved, R29). */
  const writingTab = () => {
    const tab = prng.pick(allTabs());
    tab.engine.notifyWriteStarting();
    return tab;
  };

  /** Reads the outbox rows a command just wrote into the oracle. */
  const record = async (tab: TestTab) => {
    const device = tab.device;
    const rows = await tab.db.outbox
      .where('seq')
      .above(lastSeq.get(device) ?? 0)
      .toArray();
    for (const row of rows) {
      lastSeq.set(device, Math.max(lastSeq.get(device) ?? 0, row.seq ?? 0));
      recordWrite(row.table, row.entity_id, row);
    }
    tab.engine.notifyLocalWrite();
  };

  const unique = (device: TestDevice) => `d${device.index}-t${++text}-${prng.int(0, 1e6)}`;
  const editors = options.editors ? new SimulatedEditors(prng, record) : null;

  const pickEntity = async (tab: TestTab, deleted: boolean) => {
    const table = prng.pick(ENTITY_TABLES);
    const rows = await tab.db.entityTable(table).toArray();
    const candidates = rows.filter((r) => (r['deleted_at'] != null) === deleted);
    return candidates.length ? { table, id: String(prng.pick(candidates)['id']) } : null;
  };

  const edit = async (tab: TestTab, table: EntityTable, id: string) => {
    const c = tab.commands;
    const s = unique(tab.device);
    if (table === 'notes' && editors) {
      // Titles and bodies are the editors' (SimulatedEditors).
      await c.updateNote(
        id,
        prng.pick([
          { pinned: prng.chance(0.5) },
          { font_size: prng.int(10, 40) },
          { tags: prng.chance(0.5) ? ['work'] : ['home', s.slice(0, 20)] },
        ]),
      );
    } else if (table === 'diary_entries' && editors) {
      await c.updateDiaryEntry(id, { font_size: prng.int(10, 30) });
    } else if (table === 'notes') {
      const patch = prng.pick([
        { body: s },
        { body: s },
        { title: s },
        { pinned: prng.chance(0.5) },
        { locked: prng.chance(0.5) },
        { font_size: prng.int(10, 40) },
        { tags: prng.chance(0.5) ? ['work'] : ['home', s.slice(0, 20)] },
        { color: prng.pick(['#FFF7D1', '#e0f2fe', '#fee2e2']) },
      ]);
      await c.updateNote(id, patch);
    } else if (table === 'diary_entries') {
      await c.updateDiaryEntry(
        id,
        prng.pick([{ body: s }, { body: s }, { title: s }, { font_size: prng.int(10, 30) }]),
      );
    } else if (table === 'recordings') {
      if (prng.chance(0.7)) await c.updateRecordingTranscript(id, s);
      else await c.markRecordingUploaded(id);
    } else {
      await c.updateMoodEntry(
        id,
        prng.pick([
          { note: s },
          { level: prng.int(1, 5) },
          { activities: prng.chance(0.5) ? ['walk'] : ['read', 'sleep'] },
        ]),
      );
    }
  };

  const ops: [number, string, () => Promise<void>][] = [
    [
      14,
      'network',
      async () => {
        for (let i = prng.int(1, 4); i > 0; i--) await nemesis.step(transports());
      },
    ],
    [
      8,
      'create',
      async () => {
        const tab = writingTab();
        const s = unique(tab.device);
        const kind = prng.pick(ENTITY_TABLES);
        if (kind === 'recordings') {
          await tab.commands.createRecording({
            entry_table: null,
            entry_id: null,
            mime_type: 'audio/webm',
            size_bytes: prng.int(1, 1e6),
            duration_ms: prng.int(1, 6e5),
            sha256: null,
            transcript: s,
          });
        } else if (kind === 'notes') await tab.commands.createNote({ title: s, body: `${s} body` });
        else if (kind === 'diary_entries')
          await tab.commands.createDiaryEntry({ day: '2026-11-22', body: s });
        else await tab.commands.createMoodEntry({ level: prng.int(1, 5), note: s });
        await record(tab);
      },
    ],
    [
      14,
      'edit',
      async () => {
        const tab = writingTab();
        const target = await pickEntity(tab, false);
        if (target) await edit(tab, target.table, target.id);
        await record(tab);
      },
    ],
    [
      3,
      'delete',
      async () => {
        const tab = writingTab();
        const target = await pickEntity(tab, false);
        if (!target) return;
        const c = tab.commands;
        if (target.table === 'notes') await c.deleteNote(target.id);
        else if (target.table === 'diary_entries') await c.deleteDiaryEntry(target.id);
        else if (target.table === 'recordings') await c.deleteRecording(target.id);
        else await c.deleteMoodEntry(target.id);
        await record(tab);
      },
    ],
    [
      2,
      'restore',
      async () => {
        const tab = writingTab();
        const target = await pickEntity(tab, true);
        if (!target) return;
        const c = tab.commands;
        if (target.table === 'notes') await c.restoreNote(target.id);
        else if (target.table === 'diary_entries') await c.restoreDiaryEntry(target.id);
        else if (target.table === 'mood_entries') await c.restoreMoodEntry(target.id);
        else return; // recordings have no restore
        await record(tab);
      },
    ],
    [
      2,
      'settings',
      async () => {
        const tab = writingTab();
        await tab.commands.updateSettings(
          prng.pick([
            { preferred_theme: prng.pick(['light', 'dark'] as const) },
            { default_note_font_size: prng.int(12, 30) },
            { auto_save: prng.chance(0.5) },
          ]),
        );
        await record(tab);
      },
    ],
    [
      1,
      'conflict',
      async () => {
        const tab = writingTab();
        const open = [];
        for (const c of await tab.db.conflicts.toArray()) {
          if (c.resolved_at !== null || c._sync.version === 0) continue;
          // A conflict shows on its entry's screen (EntryConflicts), so only one whose entry is on this
          // device can be restored: a walk paused between pages (R13) may have brought the conflict first.
          if (isSyncedTable(c.table_name) && !(await tab.db.entityTable(c.table_name).get(c.row_id)))
            continue;
          open.push(c);
        }
        if (open.length === 0) return;
        const conflict = prng.pick(open);
        if (prng.chance(0.5)) await tab.commands.dismissConflict(conflict.id);
        else {
          await editors?.restoring(tab, conflict.table_name, conflict.row_id, conflict.field);
          await tab.commands.restoreConflict(conflict.id);
        }
        await record(tab);
      },
    ],
    [
      2,
      'offline',
      async () => {
        const device = prng.pick(devices);
        const online = !device.connectivity.isOnline();
        device.connectivity.set(online);
      },
    ],
    [
      2,
      'reload',
      async () => {
        const d = prng.int(0, devices.length - 1);
        const deviceTabs = tabs[d] ?? [];
        const t = prng.int(0, deviceTabs.length - 1);
        const old = deviceTabs[t];
        if (!old) return;
        old.engine.stop();
        old.db.close();
        zombies.push(old.transport); // its requests may still reach the server (killed mid-push)
        const fresh = await openTab(old.device);
        fresh.engine.start();
        deviceTabs[t] = fresh;
        await editors?.reloaded(old, fresh);
      },
    ],
    [
      1,
      'skew',
      async () => {
        prng.pick(devices).clock.skewMs = skew();
      },
    ],
    [
      1,
      'session',
      async () => {
        // Signed out for a while (dead refresh token): writes go on, sync waits for the next sign-in.
        const device = prng.pick(devices);
        if (device.auth.current()) device.auth.signOut();
        else device.auth.signIn(TEST_USER);
      },
    ],
    [
      1,
      'token',
      async () => {
        const session = prng.pick(devices).auth.current();
        if (session) server.expireToken(session.accessToken);
      },
    ],
    [2, 'focus', async () => prng.pick(allTabs()).engine.notifyFocus()],
    [
      12,
      'poke',
      async () => {
        const holding = transports().filter((t) => t.heldPokes.length > 0);
        for (let i = prng.int(1, 3); i > 0 && holding.length > 0; i--) deliverPoke(prng.pick(holding), 0.1);
      },
    ],
    [5, 'time', async () => timers.advance(prng.int(0, 20_000))],
  ];
  if (editors) {
    ops.push(
      [4, 'editor open', () => editors.openOne(prng.pick(allTabs()))],
      [16, 'type', () => editors.type()],
      [8, 'autosave', () => editors.saveOne()],
      [2, 'editor close', () => editors.closeOne()],
    );
  }
  const weightTotal = ops.reduce((sum, [w]) => sum + w, 0);

  for (let i = 0; i < opTotal; i++) {
    let roll = prng.next() * weightTotal;
    const op = ops.find(([w]) => (roll -= w) < 0) ?? ops[0];
    if (!op) break;
    opCounts[op[1]] = (opCounts[op[1]] ?? 0) + 1;
    try {
      await op[2]();
    } catch (error) {
      if (!(error instanceof EntityDeletedError)) throw error;
    }
    await untilBlocked();
    // Open editors render what is stored now, as the app's do after every change (R37).
    await editors?.followAll();
  }
  // The people stop typing: every editor saves what it shows and closes.
  await editors?.closeAll();

  // Quiescence: faults off, everyone online and signed in; run until every outbox is empty and every
  // device has pulled to the server's clock.
  nemesis.enabled = false;
  for (const device of devices) {
    device.connectivity.set(true);
    if (device.auth.current()) await device.auth.refresh();
    else device.auth.signIn(TEST_USER);
  }
  // Pokes still held arrive now, in a random order, while the devices settle.
  for (const transport of transports()) {
    while (transport.heldPokes.length > 0) deliverPoke(transport, 0);
  }
  let quiet = false;
  for (let round = 0; round < 40 && !quiet; round++) {
    for (const tab of allTabs()) void tab.engine.syncNow();
    await drain();
    quiet = await isQuiet();
    // Lets retry and lock-busy timers fire (and leases of killed tabs expire).
    if (!quiet) timers.advance(31_000);
  }

  /**
   * Waits until every engine is idle or waiting for the network, so the next op sees the same state
   * on every run of a seed (the schedule depends only on the seed).
   */
  async function untilBlocked(): Promise<void> {
    for (let i = 0; i < 1000; i++) {
      await macrotask();
      if (allTabs().every((t) => !t.engine.isRunning() || t.transport.inFlight > 0)) return;
    }
  }

  /** Delivers without faults until no request is queued and no engine runs. */
  async function drain(): Promise<void> {
    for (let i = 0; i < 5000; i++) {
      let delivered = 0;
      for (const transport of transports()) delivered += await transport.deliverAll();
      await macrotask();
      if (
        delivered === 0 &&
        !allTabs().some((t) => t.engine.isRunning()) &&
        transports().every((t) => t.pending === 0)
      ) {
        return;
      }
    }
  }

  async function isQuiet(): Promise<boolean> {
    if (transports().some((t) => t.pending > 0)) return false;
    if (allTabs().some((t) => t.engine.isRunning())) return false;
    const clock = server.clock(TEST_USER);
    for (const deviceTabs of tabs) {
      const tab = deviceTabs[0];
      if (!tab) continue;
      if ((await tab.db.outbox.count()) > 0) return false;
      if ((await getCursor(tab.db)) !== clock) return false;
    }
    return true;
  }

  const violations = quiet ? await checkInvariants() : [`did not reach quiescence: ${await describe()}`];

  async function describe(): Promise<string> {
    const parts = [
      `clock ${server.clock(TEST_USER)}`,
      `queued ${transports()
        .map((t) => t.pending)
        .join(',')}`,
    ];
    for (const tab of allTabs()) {
      const status = tab.engine.status.get();
      parts.push(
        `d${tab.device.index}: outbox ${await tab.db.outbox.count()} cursor ${await getCursor(tab.db)} ` +
          `running ${tab.engine.isRunning()} ${status.state} ${status.error?.kind ?? ''} ${status.error?.message ?? ''}`,
      );
    }
    return parts.join('; ');
  }

  async function checkInvariants(): Promise<string[]> {
    const found: string[] = [];
    await Promise.all(openingPushes);
    // Encrypted: what the server holds of what a person wrote is sealed, every word of it (R44, R45).
    if (cipher)
      for (const row of server.rows(TEST_USER)) {
        if (!isSyncedTable(row.table)) continue;
        for (const field of Object.keys(tablePolicy(row.table).protectedFields)) {
          const value = row.data[field];
          const empty = value === null || value === undefined || value === '' || canonical(value) === '[]';
          if (!empty && !isEncryptedValue(value))
            found.push(`clear on the server: ${row.table}/${row.id} ${field}`);
        }
      }
    const serverRows = await openedServerRows();
    const serverByKey = new Map(serverRows.map((r) => [`${r.table}/${r.id}`, r]));
    // Convergence (every replica equals the server) and empty outboxes.
    for (const deviceTabs of tabs) {
      const tab = deviceTabs[0];
      if (!tab) continue;
      const name = `device ${tab.device.index}`;
      const outbox = await tab.db.outbox.count();
      if (outbox > 0) found.push(`${name}: outbox holds ${outbox} rows`);
      const localKeys = new Set<string>();
      for (const table of syncedTableNames) {
        for (const row of await tab.db.entityTable(table).toArray()) {
          const { _sync, ...data } = row;
          // A conflict kept by this device alone (R38: another tab's value an edit displaced).
          if (table === 'conflicts' && _sync.version === 0) continue;
          const k = `${table}/${String(data['id'])}`;
          localKeys.add(k);
          const remote = serverByKey.get(k);
          if (!remote) {
            found.push(`${name}: ${k} is not on the server`);
            continue;
          }
          if (_sync.version !== remote.version)
            found.push(`${name}: ${k} version ${_sync.version} ≠ ${remote.version}`);
          if (canonical(data) !== canonical(remote.data)) found.push(`${name}: ${k} differs from the server`);
          if (canonical(_sync.hlc) !== canonical(remote.hlc)) found.push(`${name}: ${k} field HLCs differ`);
        }
      }
      for (const k of serverByKey.keys()) if (!localKeys.has(k)) found.push(`${name}: missing ${k}`);
    }
    // Oracle: each field holds the value of its highest-HLC write (nothing lost, nothing resurrected).
    const byField = new Map<string, WriteRecord[]>();
    for (const w of writes) {
      const k = `${w.table}/${w.id}/${w.field}`;
      byField.set(k, [...(byField.get(k) ?? []), w]);
    }
    const localConflicts: Record<string, unknown>[] = [];
    for (const deviceTabs of tabs) {
      const tab = deviceTabs[0];
      if (tab)
        localConflicts.push(...(await tab.db.conflicts.toArray()).filter((c) => c._sync.version === 0));
    }
    const conflicts = [
      ...serverRows.filter((r) => r.table === 'conflicts').map((r) => r.data),
      ...localConflicts,
    ];
    for (const [k, fieldWrites] of byField) {
      const winner = fieldWrites.reduce((a, b) => (b.hlc > a.hlc ? b : a));
      const row = serverByKey.get(`${winner.table}/${winner.id}`);
      if (!row) {
        found.push(`oracle: ${k} has no server row`);
        continue;
      }
      if (
        canonical(row.data[winner.field]) !== canonical(winner.value) ||
        row.hlc[winner.field] !== winner.hlc
      ) {
        found.push(
          `oracle: ${k} = ${JSON.stringify(row.data[winner.field])}, expected ${JSON.stringify(winner.value)}`,
        );
      }
      // Every losing text value was either seen and replaced by its writer's successor, or is a conflict.
      if (!tablePolicy(winner.table as SyncedTable).textFields.includes(winner.field)) continue;
      const basedOn = new Set(fieldWrites.map((o) => o.base));
      for (const w of fieldWrites) {
        if (typeof w.value !== 'string' || w.value === '' || w.value === row.data[w.field]) continue;
        // Seen: a later write was based on it, or on the same text written again. Two devices that
        // merge one conflict at once (R40) both write the merge; the server keeps no copy of a value
        // that an equal one replaced, and a later edit is based on only one of them.
        const seen = fieldWrites.some((p) => p.value === w.value && basedOn.has(p.hlc));
        const kept = conflicts.some(
          (c) =>
            c['table_name'] === w.table &&
            c['row_id'] === w.id &&
            c['field'] === w.field &&
            c['losing_value'] === w.value,
        );
        if (!seen && !kept) found.push(`lost text: ${k} value ${JSON.stringify(w.value)} is in no conflict`);
      }
    }
    if (conflicts.some((c) => c['kind'] === 'rejected')) found.push('a change was rejected');
    if (editors) found.push(...editors.lostWords(serverRows, conflicts));
    return found;
  }

  const report: SimulationReport = {
    seed: options.seed,
    ops: opTotal,
    opCounts,
    faults: { ...nemesis.counts },
    serverRows: server.rows(TEST_USER).length,
    tables: countBy(server.rows(TEST_USER).map((r) => r.table)),
    conflicts: server.rows(TEST_USER).filter((r) => r.table === 'conflicts').length,
    violations,
  };
  for (const tab of allTabs()) closeTestTab(tab);
  for (const zombie of zombies) zombie.failAll();
  return report;
}

function countBy(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
}
