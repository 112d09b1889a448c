import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { readPinRecord } from './note-pin.ts';
import type { NotesData } from './notes-data.ts';
import { SetPinForm } from './set-pin-form.tsx';
import { useNoteSettings } from './use-note-settings.ts';
import styles from './notes.module.css';

/**
 * The note-lock setting (enable_note_lock) and this device's PIN. Shown on the notes screen, where
 * people look for it first; a settings page can show the same component.
 */
export function NoteLockSettings({ data }: { data: NotesData }) {
  const { t } = useTranslation();
  const settings = useNoteSettings(data);
  const [hasPin, setHasPin] = useState(() => readPinRecord(data.userId) !== null);
  const [changing, setChanging] = useState(false);
  const [saved, setSaved] = useState('');

  const toggle = async (enabled: boolean) => {
    await data.commands.updateSettings({ enable_note_lock: enabled });
  };

  return (
    <details className={styles.lockSettings}>
      <summary>{t('notes.lock.settingsTitle')}</summary>
      <label className={styles.checkbox}>
        <input
          type="checkbox"
          checked={settings.enable_note_lock}
          onChange={(event) => void toggle(event.target.checked)}
        />
        {t('notes.lock.enable')}
      </label>
      <p className={styles.hint}>{t('notes.lock.explain')}</p>
      {settings.enable_note_lock ? (
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
          <button type="button" className="button" onClick={() => setChanging(true)}>
            {t('notes.lock.changePin')}
          </button>
        )
      ) : null}
      <p role="status" className={styles.hint}>
        {saved}
      </p>
    </details>
  );
}
