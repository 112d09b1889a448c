import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { readPinRecord } from './note-pin.ts';
import { PasskeyLockSettings } from './passkey-lock-settings.tsx';
import type { NotesData } from './notes-data.ts';
import { SetPinForm } from './set-pin-form.tsx';
import { useNoteSettings } from './use-note-settings.ts';
import styles from './notes.module.css';

/**
 * The note-lock setting (enable_note_lock) and this device's PIN, inside NoteLockSettings' disclosure
 * (note-lock-settings.tsx), which loads it when first opened.
 */
export function NoteLockPanel({ data }: { data: NotesData }) {
  const { t } = useTranslation();
  const settings = useNoteSettings(data);
  const [hasPin, setHasPin] = useState(() => readPinRecord(data.userId) !== null);
  const [changing, setChanging] = useState(false);
  const [saved, setSaved] = useState('');
  // The box follows the click at once; the live setting catches up when the write commits.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const enabled = chosen ?? settings.enable_note_lock;

  const toggle = async (next: boolean) => {
    setChosen(next);
    try {
      await data.commands.updateSettings({ enable_note_lock: next });
    } catch (error) {
      console.error('Murmur could not change the note-lock setting', error);
      setChosen(null);
    }
  };

  return (
    <>
      <label className={styles.checkbox}>
        <input type="checkbox" checked={enabled} onChange={(event) => void toggle(event.target.checked)} />
        {t('notes.lock.enable')}
      </label>
      <p className={styles.hint}>{t('notes.lock.explain')}</p>
      {enabled ? (
        changing || !hasPin ? (
          <SetPinForm
            userId={data.userId}
            intro={hasPin ? t('notes.lock.changeIntro') : t('notes.lock.setIntro')}
            submitLabel={t('notes.lock.savePin')}
            onDone={() => {
              setHasPin(true);
              setChanging(false);
              setSaved(t('notes.lock.pinSaved'));
            }}
          />
        ) : (
          <>
            <button type="button" className="button" onClick={() => setChanging(true)}>
              {t('notes.lock.changePin')}
            </button>
            <PasskeyLockSettings
              userId={data.userId}
              userName={t('notes.lock.passkeyName')}
              onStatus={setSaved}
            />
          </>
        )
      ) : null}
      <p role="status" className={styles.hint}>
        {saved}
      </p>
    </>
  );
}
