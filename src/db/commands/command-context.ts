import { Dexie } from 'dexie';

import type { SyncedTable } from '../entities/entity-tables.ts';
import { defaultUserSettings, type UserSettings } from '../entities/user-settings.ts';
import type { DbPorts } from '../ports.ts';
import type { MurmurDatabase } from '../schema.ts';
import { commitNow } from '../commit-now.ts';
import { commitOutcome } from '../commit-outcome.ts';
import { knownClientId } from '../sync-meta.ts';
import { changeInNativeTransaction } from './native-change.ts';
import { StaleMemoryError } from './last-write.ts';
import type { Seen, SeenField } from './rebase-edit.ts';
import {
  changeScope,
  ConflictOutOfScopeError,
  editScope,
  writeChange,
  type ChangeOptions,
} from './write-change.ts';

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
 * back to this thread, one more round trip to the browser's database process on every autosave. It
 * answers at the commit itself, before Dexie has the live queries read again (commit-outcome.ts), so an
 * editor shows "Saved" without waiting for them. A change inside a caller's transaction (Dexie reuses
 * the outer one) leaves the commit, and the answer, to that caller.
 */
export function change(
  ctx: CommandContext,
  table: SyncedTable,
  id: string,
  patch: Record<string, unknown>,
  options: ChangeOptions = {},
): Promise<string[]> {
  return changeOnce(ctx, table, id, patch, { ...options, speculate: true }).catch((error: unknown) => {
    // The row this tab remembered was no longer what was stored: nothing was committed; plan from the reads.
    if (error instanceof StaleMemoryError) return changeOnce(ctx, table, id, patch, options);
    throw error;
  });
}

function changeOnce(
  ctx: CommandContext,
  table: SyncedTable,
  id: string,
  patch: Record<string, unknown>,
  options: ChangeOptions,
): Promise<string[]> {
  const clientId = knownClientId(ctx.db);
  if (clientId && ctx.db.isOpen() && !Dexie.currentTransaction) {
    const answer = changeInNativeTransaction(ctx, table, id, patch, options, clientId);
    // The native transaction holds no conflicts store: a change that must write one runs again in Dexie's.
    if (answer)
      return answer.catch((error: unknown) => {
        if (error instanceof ConflictOutOfScopeError)
          return changeInDexieTransaction(ctx, table, id, patch, options);
        throw error;
      });
  }
  return changeInDexieTransaction(ctx, table, id, patch, options);
}

function changeInDexieTransaction(
  ctx: CommandContext,
  table: SyncedTable,
  id: string,
  patch: Record<string, unknown>,
  options: ChangeOptions,
): Promise<string[]> {
  return new Promise((resolve, reject) => {
    let changed: string[] | undefined;
    // The callback must be an async function: Dexie keeps the transaction open across its awaits only then.
    const scope = options.seen ? editScope(ctx.db, table) : changeScope(ctx.db, table);
    const done = ctx.db.transaction('rw', scope, async (transaction) => {
      const committed = transaction.parent ? null : commitOutcome(transaction.idbtrans);
      // The writes' results reach `changed` before the commit is reported: IndexedDB fires their
      // success events before the transaction's complete event.
      void committed?.then((ok) => {
        if (ok && changed !== undefined) resolve(changed);
      });
      changed = await writeChange(ctx.db, ctx.ports, table, id, patch, {
        ...options,
        // A nested change must not abort its caller's transaction on a stale guess.
        speculate: options.speculate === true && !transaction.parent,
        writesIssued: () => commitNow(transaction),
      });
      return changed;
    });
    done.then(resolve, reject);
  });
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
