import type { ImportAudioSource, ImportRow } from '../../../db/commands/import-commands.ts';
import { diaryEntrySchema } from '../../../db/entities/diary-entry.ts';
import { recordingSchema } from '../../../db/entities/recording.ts';
import { ImportFileError, type ImportProblem } from './import-error.ts';
import type { EntryLook, ImportPlan } from './import-plan.ts';
import { DAY_ONE_NAMESPACE, uuidV5 } from './stable-id.ts';
import { dayOf } from '../../../lib/dates/day.ts';
import { isTimeZone } from '../../../lib/dates/time-zone.ts';

/** Day One JSON export versions whose layout this reader knows (metadata.version). */
const KNOWN_DAY_ONE_VERSIONS = ['1.0'];

const AUDIO_TYPES: Record<string, string> = {
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
};

/** The audio files of a Day One zip export (audios/<md5>.<ext>), by md5. */
export interface DayOneAudioFile {
  size: number;
  pieces: ImportAudioSource;
}
export type DayOneAudioFiles = ReadonlyMap<string, DayOneAudioFile>;

interface DayOneAudio {
  identifier?: unknown;
  md5?: unknown;
  format?: unknown;
  duration?: unknown;
  date?: unknown;
  fileSize?: unknown;
}

const asString = (value: unknown) => (typeof value === 'string' ? value : null);

/** `# Title` on the first line is Day One's title convention. */
function splitTitle(text: string): { title: string; body: string } {
  const match = /^# +(.+)\r?\n?/.exec(text);
  if (!match?.[1] || match[1].length > 500) return { title: '', body: text };
  return { title: match[1].trim(), body: text.slice(match[0].length).replace(/^\r?\n/, '') };
}

/** Tags and the star have no field on a diary entry; they are kept as hashtags at the end (ADR 0071). */
function hashtags(tags: readonly string[], starred: boolean): string {
  const words = [...tags, ...(starred ? ['starred'] : [])].map(
    (tag) => `#${tag.trim().replace(/\s+/g, '_')}`,
  );
  return words.length ? words.join(' ') : '';
}

/**
 * A Day One JSON export: every entry becomes a diary entry on its day in its own time zone (the
 * importing device's zone when the entry has none), its audio a recording (with its sound when the
 * export is the zip that holds audios/).
 */
export async function readDayOne(
  data: unknown,
  look: EntryLook,
  fallbackTimeZone: string,
  audioFiles: DayOneAudioFiles = new Map(),
): Promise<ImportPlan> {
  const root = data as { metadata?: { version?: unknown }; entries?: unknown } | null;
  if (typeof root !== 'object' || root === null || !Array.isArray(root.entries)) {
    throw new ImportFileError('unknownFormat');
  }
  const version = String(root.metadata?.version ?? 'none');
  if (!KNOWN_DAY_ONE_VERSIONS.includes(version)) throw new ImportFileError('dayOneVersion', version);

  const rows: ImportRow[] = [];
  const problems: ImportProblem[] = [];
  const audioById = new Map<string, ImportAudioSource>();
  for (const [index, raw] of (root.entries as unknown[]).entries()) {
    const entry = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const uuid = asString(entry['uuid']);
    const record = { kind: 'entry', source: 'Day One', id: uuid ?? `#${index + 1}` } as const;
    const created = asString(entry['creationDate']);
    if (!uuid) {
      problems.push({ record, code: 'noId' });
      continue;
    }
    if (!created || Number.isNaN(Date.parse(created))) {
      problems.push({ record, code: 'noDate', detail: `creationDate: ${created ?? 'missing'}` });
      continue;
    }
    const zone = asString(entry['timeZone']);
    const timeZone = zone && isTimeZone(zone) ? zone : fallbackTimeZone;
    const tags = Array.isArray(entry['tags'])
      ? entry['tags'].filter((t): t is string => typeof t === 'string')
      : [];
    const audios = (Array.isArray(entry['audios']) ? entry['audios'] : []) as DayOneAudio[];
    const text = asString(entry['text']) ?? '';
    if (!text.trim() && audios.length === 0) {
      problems.push({ record, code: 'empty' });
      continue;
    }
    const { title, body } = splitTitle(text);
    const tagLine = hashtags(tags, entry['starred'] === true);
    const id = await uuidV5(DAY_ONE_NAMESPACE, uuid);
    const createdAt = new Date(created).toISOString();
    const parsed = diaryEntrySchema.safeParse({
      id,
      day: dayOf(createdAt, timeZone),
      time_zone: timeZone,
      title,
      body: tagLine ? `${body.trimEnd()}\n\n${tagLine}` : body,
      ...look,
      created_at: createdAt,
      deleted_at: null,
    });
    if (!parsed.success) {
      problems.push({
        record,
        code: 'invalid',
        detail: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
      });
      continue;
    }
    rows.push({ table: 'diary_entries', row: parsed.data });
    for (const [audioIndex, audio] of audios.entries()) {
      const identifier = asString(audio.identifier) ?? String(audioIndex);
      const md5 = asString(audio.md5)?.toLowerCase();
      const file = md5 ? audioFiles.get(md5) : undefined;
      const format = asString(audio.format) ?? 'm4a';
      const recording = recordingSchema.safeParse({
        id: await uuidV5(DAY_ONE_NAMESPACE, `${uuid}/audio/${identifier}`),
        entry_table: 'diary_entries',
        entry_id: id,
        mime_type: AUDIO_TYPES[format] ?? `audio/${format}`,
        size_bytes: file?.size ?? (typeof audio.fileSize === 'number' ? audio.fileSize : 0),
        duration_ms: typeof audio.duration === 'number' ? Math.round(audio.duration * 1000) : 0,
        sha256: null,
        storage_path: 'import',
        uploaded_at: null,
        transcript: '',
        segments: [],
        created_at:
          typeof audio.date === 'string' && !Number.isNaN(Date.parse(audio.date))
            ? new Date(audio.date).toISOString()
            : createdAt,
        deleted_at: null,
      });
      if (recording.success) {
        rows.push({ table: 'recordings', row: recording.data });
        if (file) audioById.set(recording.data.id, file.pieces);
      } else
        problems.push({
          record: { kind: 'audio', entry: `${record.source} ${record.id}`, id: identifier },
          code: 'invalid',
          detail: recording.error.issues[0]?.message ?? '',
        });
    }
  }
  return { source: 'dayOne', rows, settings: null, problems, audio: audioById };
}
