import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { readPinRecord } from './note-pin.ts';
import { SetPinForm } from './set-pin-form.tsx';
import styles from './notes.module.css';

/**
 * Lock buttons for an open note: "Lock note" (asking for a PIN first if this device has none), and for
 * an unlocked locked note "Lock now" and "Remove lock".
 */
export function NoteLockControls({
  userId,
  locked,
  onLock,
  onRelock,
  onRemoveLock,
}: {
  userId: string;
  locked: boolean;
  onLock: () => void;
  onRelock: () => void;
  onRemoveLock: () => void;
}) {
  const { t } = useTranslation();
  const [settingPin, setSettingPin] = useState(false);

  if (settingPin) {
    return (
      <div className={styles.lockPanel}>
        <SetPinForm
          userId={userId}
          intro={t('notes.lock.setIntro')}
          submitLabel={t('notes.lock.setAndLock')}
          onDone={() => {
            setSettingPin(false);
            onLock();
          }}
        />
        <button type="button" className="button" onClick={() => setSettingPin(false)}>
          {t('notes.cancel')}
        </button>
      </div>
    );
  }
  if (locked) {
    return (
      <>
        <button type="button" className="button" onClick={onRelock}>
          {t('notes.lock.lockNow')}
        </button>
        <button type="button" className="button" onClick={onRemoveLock}>
          {t('notes.lock.remove')}
        </button>
      </>
    );
  }
  return (
    <button
      type="button"
      className="button"
      onClick={() => (readPinRecord(userId) === null ? setSettingPin(true) : onLock())}
    >
      {t('notes.lock.lock')}
    </button>
  );
}
