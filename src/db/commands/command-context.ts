import type { SyncedTable } from '../entities/entity-tables.ts';
import { defaultUserSettings, type UserSettings } from '../entities/user-settings.ts';
import type { DbPorts } from '../ports.ts';
import type { MurmurDatabase } from '../schema.ts';
import type { Seen, SeenField } from './rebase-edit.ts';
import { changeScope, editScope, writeChange, type ChangeOptions } from './write-change.ts';

/** What every command needs: the user's database and the injected clock and ids. */
export interface CommandContext {
  db: MurmurDatabase;
  ports: DbPorts;
}

export function nowIso(ctx: CommandContext): string {
  return new Date(ctx.ports.clock.now()).toISOString();
}

/**
 * Runs one change in one Dexie transaction over the entity table, the outbox and sync_meta (R5), plus
 * conflicts for an editor's save. Answers once the transaction has committed. Inside a caller's
 * transaction Dexie reuses that one, so the change commits, or aborts, with the caller's.
 */
export function change(
  ctx: CommandContext,
  table: SyncedTable,
  id: string,
  patch: Record<string, unknown>,
  options: ChangeOptions = {},
): Promise<string[]> {
  const scope = options.seen ? editScope(ctx.db, table) : changeScope(ctx.db, table);
  // The callback must be an async function: Dexie keeps the transaction open across its awaits only then.
  return ctx.db.transaction('rw', scope, async () =>
    writeChange(ctx.db, ctx.ports, table, id, patch, options),
  );
}

/** Each field of an editor's save as stored after it: its value and HLC (R37). */
export type SavedFields = Record<string, SeenField>;

/**
 * An editor's save: `patch` planned against `seen`, what the editor showed (R37, R38), and written
 * into the entry even if it was deleted meanwhile (R39). Answers with each patched field as stored
 * after the save, merged where another change came first.
 */
export async function edit(
  ctx: CommandContext,
  table: SyncedTable,
  id: string,
  patch: Record<string, unknown>,
  seen: Seen,
): Promise<SavedFields> {
  let row: Readonly<Record<string, unknown>> & { _sync: { hlc: Record<string, string> } } = {
    _sync: { hlc: {} },
  };
  await change(ctx, table, id, patch, {
    seen,
    report: (stored) => {
      row = stored;
    },
  });
  const saved: SavedFields = {};
  for (const field of Object.keys(patch))
    saved[field] = { value: row[field], hlc: row._sync.hlc[field] ?? '' };
  return saved;
}

/** The user's settings, or the defaults before any were saved; used for new entries' look. */
export async function currentSettings(ctx: CommandContext): Promise<UserSettings> {
  const stored = await ctx.db.user_settings.get(ctx.db.userId);
  if (!stored) return defaultUserSettings(ctx.db.userId);
  const { _sync: _ignored, ...settings } = stored;
  return settings;
}
