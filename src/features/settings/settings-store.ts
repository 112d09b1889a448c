import { atom, type PrimitiveAtom, type Store } from 'jotai';

import { defaultUserSettings } from '../../db/entities/default-user-settings.ts';
import type { UserSettings, UserSettingsPatch } from '../../db/entities/user-settings.ts';

/** Product spec §4 and §9: settings are fetched once, then reused for 5 minutes unless forced. */
export const SETTINGS_CACHE_MS = 5 * 60_000;

export type SettingsLoadState = 'not_initialised' | 'loading' | 'initialised';

/** Where the settings live: the user's local row (IndexedDB), kept current by sync. */
export interface SettingsSource {
  /** The stored row, or null when this device has none yet (the PGRST116 case: defaults apply). */
  read(): Promise<Partial<UserSettings> | null>;
  /** Calls back whenever the stored row changes (a pull, another tab). */
  watch(listener: (row: Partial<UserSettings> | null) => void): () => void;
  /** Checks a change against the settings schema: the first problem, or null when it is valid. */
  validate(patch: UserSettingsPatch): Promise<string | null>;
  /** Writes the changed fields (a named command: entity + outbox in one transaction). */
  write(patch: UserSettingsPatch): Promise<void>;
  /** Asks sync to fetch the server's row now (a forced refresh). */
  refresh(): Promise<void>;
}

export interface SettingsMessages {
  updated: string;
  failed: (message: string) => string;
  /** The server refused a change (R17); its reason is technical English, so only the log keeps it. */
  rejected: string;
  unknownError: string;
  signInRequired: string;
  fontRequired: string;
}

export interface SettingsStorePorts {
  /** Null when nobody is signed in: reads give defaults, saves are refused. */
  userId: string | null;
  source: SettingsSource | null;
  now: () => number;
  notify: (kind: 'success' | 'error', title: string) => void;
  logError: (message: string, error: unknown) => void;
  messages: SettingsMessages;
  /** The Jotai store the snapshot lives in: the app's, handed down by its Provider. */
  stateStore: Store;
}

export interface SettingsSnapshot {
  state: SettingsLoadState;
  settings: UserSettings;
  /** True when the values come from a stored row, not only from the defaults. */
  stored: boolean;
}

export interface UpdateOptions {
  /** No toast on success or failure (the value still reverts on failure). */
  silent?: boolean;
}

const FONT_FIELDS = ['default_note_font', 'default_diary_font', 'default_mood_font'] as const;

function merge(
  userId: string | null,
  row: Partial<UserSettings> | null,
  unsaved: UserSettingsPatch = {},
): UserSettings {
  const defaults = defaultUserSettings(userId ?? 'anonymous');
  return { ...defaults, ...(row ?? {}), ...unsaved, id: defaults.id };
}

function errorMessage(error: unknown): string | null {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return null;
}

/**
 * The settings of one user as the screens see them. Local-first: a change applies at once (the
 * snapshot changes before the write), is written with its outbox row, and reverts if the write fails.
 * Load states follow product spec §4; "fetching" is reading the local row, which sync keeps current.
 * What the screens show is an atom of this store's own in the Jotai store, so one user's settings
 * never show under the next user's store.
 */
export class SettingsStore {
  readonly snapshotAtom: PrimitiveAtom<SettingsSnapshot>;
  private loadedAt: number | null = null;
  private loading: Promise<UserSettings> | null = null;
  private stopWatching: (() => void) | null = null;
  /**
   * Changes shown but not yet written. A row read before such a write lands (a load under way, another
   * tab's change) would otherwise undo what the user just chose until the write's own row arrives.
   */
  private unsaved: UserSettingsPatch = {};
  /** Counts finished writes, so a load whose read began before one reads again. */
  private writes = 0;
  private readonly ports: SettingsStorePorts;

  constructor(ports: SettingsStorePorts) {
    this.ports = ports;
    this.snapshotAtom = atom<SettingsSnapshot>({
      state: 'not_initialised',
      settings: merge(ports.userId, null),
      stored: false,
    });
  }

  get snapshot(): SettingsSnapshot {
    return this.ports.stateStore.get(this.snapshotAtom);
  }

  /** Loads once; later calls within 5 minutes reuse the cached settings unless `force` is set. */
  load(options: { force?: boolean } = {}): Promise<UserSettings> {
    const fresh =
      this.loadedAt !== null && this.ports.now() - this.loadedAt < SETTINGS_CACHE_MS && !options.force;
    if (this.snapshot.state === 'initialised' && fresh) return Promise.resolve(this.snapshot.settings);
    if (this.loading && !options.force) return this.loading;
    this.set({ ...this.snapshot, state: 'loading' });
    this.loading = this.fetch(options.force === true).finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /** Follows the stored row from now on, so a pulled change shows without a reload. */
  watch(): () => void {
    const { source } = this.ports;
    if (!source || this.stopWatching) return () => undefined;
    this.stopWatching = source.watch((row) => {
      if (this.snapshot.state !== 'initialised') return;
      this.set({
        state: 'initialised',
        settings: merge(this.ports.userId, row, this.unsaved),
        stored: row !== null,
      });
    });
    return () => {
      this.stopWatching?.();
      this.stopWatching = null;
    };
  }

  /** Applies at once, saves, reverts on failure. Resolves true when saved. */
  async update(patch: UserSettingsPatch, options: UpdateOptions = {}): Promise<boolean> {
    const { messages, source, userId } = this.ports;
    const refuse = (message: string) => {
      if (!options.silent) this.ports.notify('error', messages.failed(message));
      return false;
    };
    if (!userId || !source) return refuse(messages.signInRequired);
    for (const field of FONT_FIELDS) {
      const font = patch[field];
      if (font !== undefined && (typeof font !== 'string' || font.trim() === ''))
        return refuse(messages.fontRequired);
    }
    const before = this.snapshot.settings;
    this.unsaved = { ...this.unsaved, ...patch };
    this.set({ ...this.snapshot, settings: { ...before, ...patch } });
    try {
      const problem = await source.validate(patch);
      if (problem !== null) {
        this.settle(patch);
        this.set({ ...this.snapshot, settings: before });
        return refuse(problem);
      }
      await source.write(patch);
      this.writes += 1;
      this.settle(patch);
    } catch (error) {
      this.ports.logError('Saving settings failed', error);
      this.settle(patch);
      this.set({ ...this.snapshot, settings: before });
      return refuse(errorMessage(error) ?? messages.unknownError);
    }
    if (!options.silent) this.ports.notify('success', messages.updated);
    return true;
  }

  /**
   * The server refused a change this device made (R17). Its row already shows the server's values
   * again; this only tells the user.
   */
  reportRejected(reason: string): void {
    this.ports.notify('error', this.ports.messages.rejected);
    this.ports.logError('The server refused a settings change', reason);
  }

  /** The write of `patch` ended: its fields stop overriding stored rows, unless a later change set them. */
  private settle(patch: UserSettingsPatch): void {
    const written = patch as Record<string, unknown>;
    this.unsaved = Object.fromEntries(
      Object.entries(this.unsaved).filter(([field, value]) => !Object.is(written[field], value)),
    ) as UserSettingsPatch;
  }

  private async fetch(force: boolean): Promise<UserSettings> {
    const { source, userId } = this.ports;
    let row: Partial<UserSettings> | null = null;
    if (source) {
      if (force) {
        // A failed refresh still leaves the local row, which is the truth on this device.
        await source
          .refresh()
          .catch((error: unknown) => this.ports.logError('Refreshing settings failed', error));
      }
      try {
        // A row read while a change was being written may predate it: read again until none landed.
        for (let seen = -1; seen !== this.writes;) {
          seen = this.writes;
          row = await source.read();
        }
      } catch (error) {
        this.ports.logError('Reading settings failed; using the defaults', error);
      }
    }
    const settings = merge(userId, row, this.unsaved);
    this.loadedAt = this.ports.now();
    this.set({ state: 'initialised', settings, stored: row !== null });
    return settings;
  }

  private set(snapshot: SettingsSnapshot): void {
    this.ports.stateStore.set(this.snapshotAtom, snapshot);
  }
}
