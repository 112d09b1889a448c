import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import type { Day } from '../../lib/dates/day.ts';
import { notify } from '../../lib/toasts/toasts.ts';
import { useUserData } from '../../lib/user-data/use-user-data.ts';

/** Creates an empty entry on `day` in the user's diary defaults; resolves to its id, or null on failure. */
export function useCreateDiaryEntry(): (day: Day) => Promise<string | null> {
  const { t } = useTranslation();
  const userData = useUserData();
  return useCallback(
    async (day: Day) => {
      if (!userData) return null;
      try {
        return await userData.commands.createDiaryEntry({ day });
      } catch (error) {
        console.error('Creating the diary entry failed', error);
        notify({ kind: 'error', title: t('diary.createFailed'), category: 'error' });
        return null;
      }
    },
    [userData, t],
  );
}
