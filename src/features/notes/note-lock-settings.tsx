import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Spinner } from '../../ui/spinner.tsx';
import type { NotesData } from './notes-data.ts';
import styles from './notes.module.css';

/** Its PIN and passkey code (and their stored records' validation) load when the disclosure opens. */
const NoteLockPanel = lazy(() =>
  import('./note-lock-panel.tsx').then((module) => ({ default: module.NoteLockPanel })),
);

/**
 * The note-lock setting (enable_note_lock) and this device's PIN. Shown on the notes screen, where
 * people look for it first; a settings page can show the same component.
 */
export function NoteLockSettings({ data }: { data: NotesData }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <details
      className={styles.lockSettings}
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
    >
      <summary>{t('notes.lock.settingsTitle')}</summary>
      {opened ? (
        <Suspense fallback={<Spinner label={t('common.loading')} />}>
          <NoteLockPanel data={data} />
        </Suspense>
      ) : null}
    </details>
  );
}
