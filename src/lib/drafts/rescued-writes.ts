import type { Seen } from '../../db/commands/rebase-edit.ts';

/**
 * A write an editor had queued or begun when its page was unloaded (ADR 0108). A page that is going
 * away cannot finish an IndexedDB write: Chromium only commits a transaction once its requests' results
 * come back to the page, and an unloading page gets no more tasks. localStorage writes at once, so the
 * editor copies what it has not yet committed there, and the next start (or another open tab of the
 * same user) writes it through the same command the editor would have used.
 */
/**
 * An editor's write carries what the editor showed (`seen`, R37), so the replay merges it with whatever
 * was stored meanwhile instead of writing over it; a rescue from before `seen` existed has none. A new
 * note's or diary entry's first words (`new-note`, `new-diary-entry`) may be rescued before its create committed: the replay creates it
 * under the id the draft chose, or writes the words into it if the create landed after all.
 */
export type RescuedWrite =
  | { kind: 'note'; id: string; patch: Record<string, unknown>; seen?: Seen }
  | { kind: 'new-note'; id: string; fields: Record<string, unknown> }
  | { kind: 'new-diary-entry'; id: string; fields: Record<string, unknown> }
  | { kind: 'diary-entry'; id: string; patch: Record<string, unknown>; seen?: Seen }
  | { kind: 'form-draft'; key: string; value: unknown };

export interface StoredRescue {
  /** The localStorage key, unique per rescue, so tabs closing together never overwrite each other's. */
  key: string;
  /** When it was rescued (ms since the epoch): replays go oldest first, as they were typed. */
  at: number;
  write: RescuedWrite;
}

const PREFIX = 'murmur-rescued:';

/** The prefix of every key holding a rescue of `userId`'s: a rescue is only ever replayed for its user. */
export function rescuePrefix(userId: string): string {
  return `${PREFIX}${userId}:`;
}

let rescuesThisPage = 0;

/**
 * Copies `write` to localStorage synchronously; returns its key, or null when storage refused it (full
 * or blocked), which is reported: the IndexedDB write the editor started is then the only chance.
 */
export function rescueWrite(
  userId: string,
  write: RescuedWrite,
  now: number,
  storage: Storage = localStorage,
): string | null {
  rescuesThisPage += 1;
  const key = `${rescuePrefix(userId)}${now.toString(36)}-${rescuesThisPage}-${Math.random().toString(36).slice(2, 10)}`;
  try {
    storage.setItem(key, JSON.stringify({ at: now, write }));
    return key;
  } catch (error) {
    console.error('Murmur could not keep a copy of unsaved words while the page closed', error);
    return null;
  }
}

/** Removes a rescue once its write has committed after all (a page that came back from the cache). */
export function forgetRescue(key: string, storage: Storage = localStorage): void {
  storage.removeItem(key);
}

/** Removes every rescue of `userId`'s: their local data is being removed from this device. */
export function forgetRescuesOf(userId: string, storage: Storage = localStorage): void {
  for (const key of rescueKeys(userId, storage)) storage.removeItem(key);
}

/** Listed first, removed after: removing while walking the keys would skip some. */
export function rescueKeys(userId: string, storage: Storage): string[] {
  const prefix = rescuePrefix(userId);
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  return keys;
}

/** Whether `userId` has rescues to replay, without reading them (their validation is a lazy chunk). */
export function hasRescuedWrites(userId: string, storage: Storage = localStorage): boolean {
  return rescueKeys(userId, storage).length > 0;
}
