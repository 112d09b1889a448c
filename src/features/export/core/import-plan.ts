import type { ImportAudio, ImportRow } from '../../../db/commands/import-commands.ts';
import type { UserSettingsPatch } from '../../../db/entities/user-settings.ts';
import type { ImportProblem } from './import-error.ts';

type ImportSource = 'murmur' | 'dayOne' | 'daylio';

/** What a file would add, read and validated but not written (nothing is written before the preview). */
export interface ImportPlan {
  source: ImportSource;
  rows: ImportRow[];
  /** Settings from a Murmur archive; applied only when the user asks for it. */
  settings: UserSettingsPatch | null;
  problems: ImportProblem[];
  /** Recordings' audio found in the file (Murmur archives), by recording id. */
  audio?: ImportAudio;
}

/** Look for entries created by an import (the user's defaults at the time of import). */
export interface EntryLook {
  font: string;
  color: string;
  font_size: number;
}
