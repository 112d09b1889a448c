import 'fake-indexeddb/auto';

import { unzipSync, strFromU8 } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';

import type { Commands } from '../../../db/commands/create-commands.ts';
import { createPrng, type Prng } from '../../../testing/sync/prng.ts';
import { ARCHIVE_JSON_PATH } from './archive-format.ts';
import { archiveSchemaValidator } from './archive-schema.ts';
import { exportJournal } from './export-journal.ts';
import { applyImport, readImportFile } from './prepare-import.ts';
import { openTestJournal, TEST_LOOK } from '../../../testing/test-journal.ts';

const TEXTS = [
  '',
  'plain',
  'emoji 🌧️☕',
  '日本語のテキスト',
  'quotes "and", commas\nand lines',
  '---\nyaml: no',
];
const ZONES = ['Europe/Berlin', 'Asia/Tokyo', 'America/Sao_Paulo', 'UTC'];
const day = (prng: Prng) =>
  `20${prng.int(20, 26)}-${String(prng.int(1, 12)).padStart(2, '0')}-${String(prng.int(1, 28)).padStart(2, '0')}`;

async function randomJournal(commands: Commands, prng: Prng) {
  if (prng.chance(0.7))
    await commands.updateSettings({
      default_note_font: prng.pick(['Lora', 'Inter']),
      preferred_theme: 'dark',
    });
  for (let i = prng.int(0, 8); i > 0; i--) {
    const id = await commands.createNote({
      title: prng.pick(TEXTS).slice(0, 40),
      body: prng.pick(TEXTS),
      tags: prng.chance(0.5) ? ['a', 'ü tag'] : [],
      pinned: prng.chance(0.3),
    });
    if (prng.chance(0.2)) await commands.deleteNote(id);
  }
  for (let i = prng.int(0, 8); i > 0; i--) {
    await commands.createDiaryEntry({
      day: day(prng),
      time_zone: prng.pick(ZONES),
      title: prng.pick(TEXTS).slice(0, 20),
      body: prng.pick(TEXTS),
    });
  }
  for (let i = prng.int(0, 8); i > 0; i--) {
    const id = await commands.createMoodEntry({
      level: prng.int(1, 5),
      moment: `${day(prng)}T${String(prng.int(0, 23)).padStart(2, '0')}:30:00.000Z`,
      time_zone: prng.pick(ZONES),
      activities: prng.chance(0.5) ? ['walk', '読書'] : [],
      note: prng.pick(TEXTS),
    });
    if (prng.chance(0.2)) await commands.deleteMoodEntry(id);
  }
  for (let i = prng.int(0, 3); i > 0; i--) {
    await commands.createRecording({
      entry_table: null,
      entry_id: null,
      mime_type: 'audio/webm',
      size_bytes: prng.int(0, 1e6),
      duration_ms: prng.int(0, 6e5),
      sha256: null,
      transcript: prng.pick(TEXTS),
      segments: prng.chance(0.5)
        ? [
            { start: 0, end: prng.int(1, 30) / 10, text: prng.pick(TEXTS) },
            { start: 3, end: 4.25, text: prng.pick(TEXTS), speaker: 'speaker_1' },
          ]
        : [],
    });
  }
}

const validateArchive = archiveSchemaValidator();

async function archiveJson(blob: Blob): Promise<Record<string, unknown>> {
  const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
  const { exported_at: _at, ...rest } = JSON.parse(
    strFromU8(files[ARCHIVE_JSON_PATH] ?? new Uint8Array()),
  ) as Record<string, unknown>;
  return rest;
}

const closers: (() => void)[] = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

describe('Murmur archive round trip', () => {
  const base = Number(process.env['ROUND_TRIP_SEED'] ?? Date.now() % 100_000);
  for (let run = 0; run < 8; run++) {
    const seed = base + run;
    it(`export → import into a fresh account → export gives the same archive (seed ${seed})`, async () => {
      console.info(`round-trip seed ${seed} (rerun with ROUND_TRIP_SEED=${seed})`);
      const prng = createPrng(seed);
      const source = await openTestJournal(`u-source-${seed}`, 10);
      const target = await openTestJournal(`u-target-${seed}`, 11, 'Pacific/Auckland');
      closers.push(
        () => source.db.close(),
        () => target.db.close(),
      );
      await randomJournal(source.commands, prng);

      const { blob: first } = await exportJournal(source.db, new Date(Date.UTC(2026, 10, 22)), null);
      const bytes = new Uint8Array(await first.arrayBuffer());
      // Every archive written is valid against the published JSON Schema.
      expect(
        validateArchive(JSON.parse(strFromU8(unzipSync(bytes)[ARCHIVE_JSON_PATH] ?? new Uint8Array()))),
      ).toEqual([]);
      const plan = await readImportFile('murmur.zip', first, { look: TEST_LOOK, timeZone: 'UTC' });
      expect(plan.problems).toEqual([]);
      await applyImport(target.commands, plan, true);
      const again = await readImportFile('murmur.zip', first, { look: TEST_LOOK, timeZone: 'UTC' });
      expect((await applyImport(target.commands, again, true)).added).toBe(0);

      const { blob: second } = await exportJournal(target.db, new Date(Date.UTC(2026, 10, 23)), null);
      expect(await archiveJson(second)).toEqual(await archiveJson(first));
    });
  }
});
