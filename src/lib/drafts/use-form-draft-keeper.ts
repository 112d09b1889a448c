import { useCallback } from 'react';

import { useUserData } from '../user-data/use-user-data.ts';
import { useAutosave } from './use-autosave.ts';

export interface FormDraftKeeper<T> {
  /** Keeps `value` on this device a moment later; null means nothing worth keeping (the stored one goes). */
  keep: (value: T | null) => void;
  /** Writes what `keep` queued now; a form's Save awaits it before its command removes the draft. */
  flush: () => Promise<void>;
}

/**
 * Keeps a form's unsaved input on this device as it is typed, for a form that saves only on its
 * button: written when typing pauses, and at once when the page is hidden, the form closes or a newer
 * Murmur takes the database over (use-autosave.ts), so a reload or a crash brings it back. A page
 * closing before its write commits leaves a copy that the next start writes (ADR 0108).
 */
export function useFormDraftKeeper<T>(key: string): FormDraftKeeper<T> {
  const userData = useUserData();
  const write = useCallback(
    async ({ value }: { value: T | null }) => {
      // Thrown, not skipped: the autosave keeps the value queued and says so.
      if (!userData) throw new Error('No journal is open to keep the draft in');
      if (value === null) await userData.commands.discardFormDraft(key);
      else await userData.commands.keepFormDraft(key, value);
    },
    [userData, key],
  );
  const rescue = useCallback(
    ({ value }: { value: T | null }) =>
      userData ? { userId: userData.userId, write: { kind: 'form-draft' as const, key, value } } : null,
    [userData, key],
  );
  const { schedule, flush } = useAutosave(write, { rescue });
  const keep = useCallback((value: T | null) => schedule({ value }), [schedule]);
  return { keep, flush };
}
