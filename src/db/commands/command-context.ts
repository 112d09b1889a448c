import type { SyncedTable } from '../entities/entity-tables.ts';
import { defaultUserSettings, type UserSettings } from '../entities/user-settings.ts';
import type { DbPorts } from '../ports.ts';
import type { MurmurDatabase } from '../schema.ts';
import { commitNow } from '../commit-now.ts';
import { changeScope, writeChange, type ChangeOptions } from './write-change.ts';

/** What every command needs: the user's database and the injected clock and ids. */
export interface CommandContext {
  db: MurmurDatabase;
  ports: DbPorts;
}

export function nowIso(ctx: CommandContext): string {
  return new Date(ctx.ports.clock.now()).toISOString();
}

/**
 * Runs one change in its own transaction (R5). Its writes are the transaction's last requests, so it
 * commits as soon as they are issued: IndexedDB would otherwise commit only after their results came
 * back to this thread, one more round trip to the browser's database process on every autosave. A
 * change inside a caller's transaction (Dexie reuses the outer one) leaves the commit to that caller.
 */
export async function change(
  ctx: CommandContext,
  table: SyncedTable,
  id: string,
  patch: Record<string, unknown>,
  options: ChangeOptions = {},
): Promise<string[]> {
  // The callback must be an async function: Dexie keeps the transaction open across its awaits only then.
  return ctx.db.transaction('rw', changeScope(ctx.db, table), async (transaction) => {
    return await writeChange(ctx.db, ctx.ports, table, id, patch, {
      ...options,
      writesIssued: () => commitNow(transaction),
    });
  });
}

/** The user's settings, or the defaults before any were saved; used for new entries' look. */
export async function currentSettings(ctx: CommandContext): Promise<UserSettings> {
  const stored = await ctx.db.user_settings.get(ctx.db.userId);
  if (!stored) return defaultUserSettings(ctx.db.userId);
  const { _sync: _ignored, ...settings } = stored;
  return settings;
}
