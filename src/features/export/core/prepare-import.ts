import { strFromU8 } from 'fflate';

import type { Commands } from '../../../db/commands/create-commands.ts';
import type { ImportResult } from '../../../db/commands/import-commands.ts';
import { defaultUserSettings } from '../../../db/entities/default-user-settings.ts';
import type { MurmurDatabase } from '../../../db/schema.ts';
import { ARCHIVE_JSON_PATH } from './archive-format.ts';
import { ImportFileError } from './import-error.ts';
import type { EntryLook, ImportPlan } from './import-plan.ts';
import { readDayOne } from './read-day-one.ts';
import { readDaylio } from './read-daylio.ts';
import { readMurmurArchive } from './read-murmur-archive.ts';
import { isZip, unzipOrExplain } from './zip-bytes.ts';

export interface ImportContext {
  look: EntryLook;
  /** Zone for records that carry none (Daylio rows, Day One entries without timeZone). */
  timeZone: string;
}

/**
 * Reads and validates a file into a plan without writing anything. Which reader is chosen by the
 * content (a zip, JSON, or text), the name's extension only decides what a wrong content is called.
 */
export async function readImportFile(
  name: string,
  bytes: Uint8Array,
  context: ImportContext,
): Promise<ImportPlan> {
  const lower = name.toLowerCase();
  if (isZip(bytes) || lower.endsWith('.zip')) {
    const files = unzipOrExplain(bytes);
    if (files[ARCHIVE_JSON_PATH]) return readMurmurArchive(files);
    // A Day One zip export: one JSON per journal plus audios/<md5>.<ext>.
    const json = Object.keys(files).find((path) => path.endsWith('.json') && !path.includes('/'));
    if (!json) throw new ImportFileError('notArchive');
    const sizes: Record<string, number> = {};
    for (const [path, content] of Object.entries(files)) {
      const match = /^audios\/([0-9a-f]+)\.\w+$/i.exec(path);
      if (match?.[1]) sizes[match[1]] = content.length;
    }
    return readDayOne(
      parseJson(strFromU8(files[json] ?? new Uint8Array())),
      context.look,
      context.timeZone,
      sizes,
    );
  }
  const text = strFromU8(bytes);
  if (lower.endsWith('.json') || /^\s*[{[]/.test(text)) {
    return readDayOne(parseJson(text), context.look, context.timeZone);
  }
  return readDaylio(text, context.timeZone);
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
}

export async function previewImport(db: MurmurDatabase, plan: ImportPlan): Promise<ImportPreview> {
  const counts: Record<string, number> = { notes: 0, diary_entries: 0, mood_entries: 0, recordings: 0 };
  let existing = 0;
  for (const { table, row } of plan.rows) {
    if (await db.entityTable(table).get(String(row['id']))) existing += 1;
    else counts[table] = (counts[table] ?? 0) + 1;
  }
  return { counts, existing };
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
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
  };
}
