import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { notify } from '../../lib/toasts/toasts.ts';
import { useUserData } from '../../lib/user-data/use-user-data.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';

/**
 * "Delete forever" for a deleted diary entry (R42): asks first, then empties the entry, the versions sync
 * kept of it and its recordings. `onPurged` is told once the purge has committed.
 */
export function DeleteDiaryEntryForever({
  id,
  title,
  onPurged,
}: {
  id: string;
  title: string;
  onPurged: () => void;
}) {
  const { t } = useTranslation();
  const userData = useUserData();
  const [asking, setAsking] = useState(false);

  const purge = async () => {
    if (!userData) return;
    try {
      await userData.commands.purgeDiaryEntry(id);
      notify({ kind: 'success', title: t('diary.deletedForever') });
      onPurged();
    } catch (error) {
      console.error('Deleting the diary entry forever failed', error);
      notify({ kind: 'error', title: t('diary.purgeFailed'), category: 'error' });
    }
  };

  return (
    <>
      <button type="button" className="button" onClick={() => setAsking(true)}>
        {t('diary.deleteForever')}
      </button>
      <ConfirmDialog
        open={asking}
        title={t('diary.deleteForeverTitle', { title: title.trim() || t('diary.untitled') })}
        description={t('diary.deleteForeverBody')}
        confirmLabel={t('diary.deleteForever')}
        cancelLabel={t('diary.cancel')}
        onConfirm={() => void purge()}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
