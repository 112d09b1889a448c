import type { Commands } from '../../../db/commands/create-commands.ts';
import type { ImportResult } from '../../../db/commands/import-commands.ts';
import { defaultUserSettings } from '../../../db/entities/default-user-settings.ts';
import type { MurmurDatabase } from '../../../db/schema.ts';
import { ARCHIVE_JSON_PATH } from './archive-format.ts';
import { ImportFileError } from './import-error.ts';
import type { EntryLook, ImportPlan } from './import-plan.ts';
import { readDayOne, type DayOneAudioFile, type DayOneAudioFiles } from './read-day-one.ts';
import { readDaylio } from './read-daylio.ts';
import { readMurmurArchive } from './read-murmur-archive.ts';
import { openZipArchive, startsLikeZip, type ZipArchive } from './zip-archive.ts';
import { deviceTimeZone } from '../../../lib/dates/time-zone.ts';

export interface ImportContext {
  look: EntryLook;
  /** Zone for records that carry none (Daylio rows, Day One entries without timeZone). */
  timeZone: string;
}

/**
 * Reads and validates a file into a plan without writing anything. Which reader is chosen by the
 * content (a zip, JSON, or text), the name's extension only decides what a wrong content is called.
 * A zip is read by its directory: recordings' audio stays in the file until the import is applied.
 */
export async function readImportFile(name: string, file: Blob, context: ImportContext): Promise<ImportPlan> {
  const lower = name.toLowerCase();
  if ((await startsLikeZip(file)) || lower.endsWith('.zip')) {
    const zip = await openZipArchive(file);
    if (zip.size(ARCHIVE_JSON_PATH) !== undefined) return readMurmurArchive(zip);
    // A Day One zip export: one JSON per journal plus audios/<md5>.<ext>.
    const json = zip.paths.find((path) => path.endsWith('.json') && !path.includes('/'));
    if (!json) throw new ImportFileError('notArchive');
    return readDayOne(parseJson(await zip.text(json)), context.look, context.timeZone, dayOneAudio(zip));
  }
  const text = await file.text();
  if (lower.endsWith('.json') || /^\s*[{[]/.test(text)) {
    return readDayOne(parseJson(text), context.look, context.timeZone);
  }
  return readDaylio(text, context.timeZone);
}

/** Day One keeps audio as audios/<md5>.<ext>; its entries name the md5. */
function dayOneAudio(zip: ZipArchive): DayOneAudioFiles {
  const files = new Map<string, DayOneAudioFile>();
  for (const path of zip.paths) {
    const md5 = /^audios\/([0-9a-f]+)\.\w+$/i.exec(path)?.[1];
    const pieces = zip.pieces(path);
    if (md5 && pieces) files.set(md5.toLowerCase(), { size: zip.size(path) ?? 0, pieces });
  }
  return files;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ImportFileError('truncated', error instanceof Error ? error.message : String(error));
  }
}

export interface ImportPreview {
  /** New rows per table. */
  counts: Record<string, number>;
  /** Rows this journal already has (a file imported before): they will be left as they are. */
  existing: number;
  /** New recordings whose audio the file holds (it comes in with them). */
  withAudio: number;
}

export async function previewImport(db: MurmurDatabase, plan: ImportPlan): Promise<ImportPreview> {
  const counts: Record<string, number> = { notes: 0, diary_entries: 0, mood_entries: 0, recordings: 0 };
  let existing = 0;
  let withAudio = 0;
  for (const { table, row } of plan.rows) {
    const id = String(row['id']);
    if (await db.entityTable(table).get(id)) {
      existing += 1;
      continue;
    }
    counts[table] = (counts[table] ?? 0) + 1;
    if (table === 'recordings' && plan.audio?.has(id)) withAudio += 1;
  }
  return { counts, existing, withAudio };
}

export function applyImport(
  commands: Commands,
  plan: ImportPlan,
  withSettings: boolean,
): Promise<ImportResult> {
  return commands.importEntries(
    plan.rows,
    withSettings ? (plan.settings ?? undefined) : undefined,
    plan.audio,
  );
}

/** New entries get the user's default diary look; records without a zone get this device's zone. */
export async function importContextFor(db: MurmurDatabase): Promise<ImportContext> {
  const settings = (await db.user_settings.get(db.userId)) ?? defaultUserSettings(db.userId);
  return {
    look: {
      font: settings.default_diary_font,
      color: settings.default_diary_color,
      font_size: settings.default_diary_font_size,
    },
    timeZone: deviceTimeZone(),
  };
}
