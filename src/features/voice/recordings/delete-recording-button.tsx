import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { notify } from '../../../lib/toasts/toasts.ts';
import { useUserData } from '../../../lib/user-data/use-user-data.ts';
import styles from '../recorder/recorder.module.css';

/**
 * Deletes a recording after the user confirms: its audio goes from every device and from Storage, the
 * words it gave stay in the entry. No undo (the audio is gone at once), so the question comes first.
 */
export function DeleteRecordingButton({ recordingId, when }: { recordingId: string; when: string }) {
  const { t } = useTranslation();
  const userData = useUserData();
  const id = useId();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    if (!userData) return;
    setBusy(true);
    try {
      await userData.commands.deleteRecording(recordingId);
      notify({ kind: 'success', title: t('voice.deleted') });
    } catch (error) {
      console.error('Deleting the recording failed', error);
      notify({ kind: 'error', title: t('voice.deleteFailed'), category: 'error' });
      setBusy(false);
    }
  };

  if (!asking) {
    return (
      <button
        type="button"
        className="button"
        aria-label={t('voice.deleteNamed', { when })}
        onClick={() => setAsking(true)}
      >
        {t('voice.delete')}
      </button>
    );
  }
  return (
    <div role="group" aria-labelledby={`${id}-question`} className={styles.confirmDelete}>
      <p id={`${id}-question`}>{t('voice.deleteQuestion')}</p>
      <button
        type="button"
        className="button button-primary"
        disabled={busy}
        // The question replaces the button the user pressed: focus moves to its first answer.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        onClick={() => void remove()}
      >
        {t('voice.deleteConfirm')}
      </button>
      <button type="button" className="button" disabled={busy} onClick={() => setAsking(false)}>
        {t('voice.deleteCancel')}
      </button>
    </div>
  );
}
