import { liveQuery } from 'dexie';

import type { Commands } from '../../db/commands/create-commands.ts';
import type { Conflict } from '../../db/entities/conflict.ts';
import type { UserSettings } from '../../db/entities/user-settings.ts';
import type { MurmurDatabase } from '../../db/schema.ts';
import type { SettingsSource } from './settings-store.ts';

function withoutSyncState(
  row: (UserSettings & { _sync?: unknown }) | undefined,
): Partial<UserSettings> | null {
  if (!row) return null;
  const { _sync: _ignored, ...settings } = row;
  return settings;
}

/** The user's settings row in their own database, written only through the settings command (R5). */
export function dexieSettingsSource(
  db: MurmurDatabase,
  commands: Pick<Commands, 'updateSettings'>,
  refresh: () => Promise<void>,
): SettingsSource {
  return {
    read: async () => withoutSyncState(await db.user_settings.get(db.userId)),
    watch(listener) {
      const subscription = liveQuery(() => db.user_settings.get(db.userId)).subscribe({
        next: (row) => listener(withoutSyncState(row)),
        error: (error: unknown) => console.error('Watching settings failed', error),
      });
      return () => subscription.unsubscribe();
    },
    validate: async (patch) => {
      // The schema (and zod) loads with the first change: reading the settings needs neither.
      const { userSettingsPatchSchema } = await import('../../db/entities/user-settings.ts');
      const parsed = userSettingsPatchSchema.safeParse(patch);
      if (parsed.success) return null;
      const issue = parsed.error.issues[0];
      return issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid settings';
    },
    write: async (patch) => {
      await commands.updateSettings(patch);
    },
    refresh,
  };
}

/**
 * Settings changes the server refused (R17): the server re-stamps the row, so the pulled row already
 * shows the old values; the user still has to be told why their change did not stick.
 */
export function watchRejectedSettings(
  db: MurmurDatabase,
  listener: (conflict: Conflict) => void,
): () => void {
  const seen = new Set<string>();
  const subscription = liveQuery(() =>
    db.conflicts
      .where('[table_name+row_id]')
      .equals(['user_settings', db.userId])
      .filter((conflict) => conflict.kind === 'rejected' && conflict.resolved_at === null)
      .toArray(),
  ).subscribe({
    next: (conflicts) => {
      for (const conflict of conflicts) {
        if (seen.has(conflict.id)) continue;
        seen.add(conflict.id);
        listener(conflict);
      }
    },
    error: (error: unknown) => console.error('Watching refused settings failed', error),
  });
  return () => subscription.unsubscribe();
}
