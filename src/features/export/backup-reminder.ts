/**
 * The date of the last export and the reminder period, per user and per device in localStorage: a
 * backup is a file on this device, so "when did I last save one here" is a device fact (ADR 0071).
 */
export interface BackupState {
  lastExport: string | null;
  /** 0 = no reminder. */
  reminderDays: 0 | 7 | 30;
  /** 'Later' on a due reminder hides it until then. */
  snoozedUntil?: string | null;
}

const key = (userId: string) => `murmur:backup:${userId}`;

export function readBackupState(userId: string): BackupState {
  try {
    const raw = JSON.parse(localStorage.getItem(key(userId)) ?? 'null') as Partial<BackupState> | null;
    const days = raw?.reminderDays;
    return {
      lastExport: typeof raw?.lastExport === 'string' ? raw.lastExport : null,
      reminderDays: days === 7 || days === 30 ? days : 0,
      snoozedUntil: typeof raw?.snoozedUntil === 'string' ? raw.snoozedUntil : null,
    };
  } catch {
    return { lastExport: null, reminderDays: 0 };
  }
}

export function writeBackupState(userId: string, state: BackupState): void {
  localStorage.setItem(key(userId), JSON.stringify(state));
}

/** Due when a reminder is set and no export happened within its period. */
export function backupDue(state: BackupState, now: number): boolean {
  if (state.reminderDays === 0) return false;
  if (state.snoozedUntil && now < Date.parse(state.snoozedUntil)) return false;
  if (!state.lastExport) return true;
  return now - Date.parse(state.lastExport) >= state.reminderDays * 86_400_000;
}

/** How long 'Later' hides a due reminder. */
export const BACKUP_SNOOZE_MS = 86_400_000;
