import type { z } from 'zod';

import type { ImportableTable, ImportAudioSource, ImportRow } from '../../../db/commands/import-commands.ts';
import { tablePolicy } from '../../../db/entities/entity-tables.ts';
import { userSettingsPatchSchema } from '../../../db/entities/user-settings.ts';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_JSON_PATH,
  archiveEnvelopeSchema,
  READABLE_ARCHIVE_VERSIONS,
} from './archive-format.ts';
import { ImportFileError, type ImportProblem } from './import-error.ts';
import type { ImportPlan } from './import-plan.ts';
import { audioPath } from './recording-audio.ts';
import type { ZipArchive } from './zip-archive.ts';

const zodReason = (error: z.ZodError) =>
  error.issues.map((issue) => `${issue.path.join('.') || 'record'}: ${issue.message}`).join('; ');

/** Reads a Murmur archive (docs/export-format.md); recordings' audio stays in the zip until imported. */
export async function readMurmurArchive(zip: ZipArchive): Promise<ImportPlan> {
  const json = await zip.text(ARCHIVE_JSON_PATH);
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (error) {
    throw new ImportFileError('truncated', error instanceof Error ? error.message : String(error));
  }
  if (typeof data !== 'object' || data === null || (data as { format?: unknown }).format !== ARCHIVE_FORMAT) {
    throw new ImportFileError('notArchive');
  }
  const version = (data as { version?: unknown }).version;
  if (typeof version !== 'number' || !READABLE_ARCHIVE_VERSIONS.includes(version))
    throw new ImportFileError('wrongVersion', String(version));
  const envelope = archiveEnvelopeSchema.safeParse(data);
  if (!envelope.success) throw new ImportFileError('notArchive', zodReason(envelope.error));

  const rows: ImportRow[] = [];
  const problems: ImportProblem[] = [];
  const tables: ImportableTable[] = ['notes', 'diary_entries', 'mood_entries', 'recordings'];
  for (const table of tables) {
    envelope.data[table].forEach((record, index) => {
      // The archive leaves out where the audio lives; the import command sets it for this account.
      // Version 1 recordings had no timings.
      const candidate =
        table === 'recordings' && typeof record === 'object' && record !== null
          ? {
              storage_path: 'import',
              uploaded_at: null,
              ...(version === 1 ? { segments: [] } : {}),
              ...record,
            }
          : record;
      const parsed = tablePolicy(table).schema.safeParse(candidate);
      const id = (record as { id?: unknown } | null)?.id;
      if (parsed.success) rows.push({ table, row: parsed.data });
      else
        problems.push({
          record: { kind: 'entry', source: table, id: typeof id === 'string' ? id : `#${index + 1}` },
          code: 'invalid',
          detail: zodReason(parsed.error),
        });
    });
  }
  let settings = null;
  if (envelope.data.settings) {
    const parsed = userSettingsPatchSchema.safeParse(envelope.data.settings);
    if (parsed.success) settings = parsed.data;
    else problems.push({ record: { kind: 'settings' }, code: 'invalid', detail: zodReason(parsed.error) });
  }
  // recordings/<id>.<ext> next to the JSON: the audio of the recordings being imported.
  const audio = new Map<string, ImportAudioSource>();
  for (const { table, row } of rows) {
    if (table !== 'recordings') continue;
    const pieces = zip.pieces(audioPath({ id: String(row['id']), mime_type: String(row['mime_type']) }));
    if (pieces) audio.set(String(row['id']), pieces);
  }
  return { source: 'murmur', rows, settings, problems, audio };
}
