import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { audioResealing } from '../../db/audio-resealing.ts';
import type { ResendProgress } from '../../db/commands/encryption-commands.ts';
import { isResending } from '../../db/resending.ts';
import { useUserData } from '../../lib/user-data/use-user-data.ts';
import styles from './encryption.module.css';

/**
 * Resends what was written before encryption was turned on, wherever the person is in the app, and
 * shows how far it got: it starts when Settings → Privacy turned encryption on, and after a reload goes
 * on from the last batch done. One tab of the device does it (a Web Lock); the others show nothing.
 */
export function EncryptionProgress() {
  const { t, i18n } = useTranslation();
  const userData = useUserData();
  const resending = useLiveQuery(
    () => (userData ? isResending(userData.db) : Promise.resolve(false)),
    [userData],
  );
  // The recordings' stored audio is sealed (or opened) where the audio uploads run; its position is
  // the progress (ADR 0153).
  const audio = useLiveQuery(
    () => (userData ? audioResealing(userData.db) : Promise.resolve(undefined)),
    [userData],
  );
  const [progress, setProgress] = useState<ResendProgress | null>(null);
  const [finished, setFinished] = useState(false);

  useEffect(() => {
    if (!userData || !resending) return;
    // A tab that finds the lock taken leaves the work to the tab holding it. The run ends by itself
    // (its last batch clears `resending`); React ignores the state of a screen that went away.
    void navigator.locks
      .request(`murmur-resend-${userData.userId}`, { ifAvailable: true }, async (lock) => {
        if (!lock) return;
        await userData.commands.resendWrittenEntries(setProgress);
        setFinished(true);
      })
      .catch((error: unknown) => console.error('Encrypting the journal’s entries failed', error));
  }, [userData, resending]);

  // The closing word stays a while, then the page gets its room back.
  useEffect(() => {
    if (!finished) return;
    const timer = window.setTimeout(() => {
      setFinished(false);
      setProgress(null);
    }, 10_000);
    return () => window.clearTimeout(timer);
  }, [finished]);

  const number = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const text = finished
    ? t('journalLock.progress.done')
    : progress
      ? t('journalLock.progress.running', {
          done: number(progress.done),
          total: number(progress.total),
          percent: progress.total === 0 ? 100 : Math.floor((progress.done / progress.total) * 100),
        })
      : '';
  const recordings =
    audio && audio.total !== null && audio.total > 0
      ? t(
          audio.target === 'sealed'
            ? 'journalLock.progress.recordings'
            : 'journalLock.progress.recordingsClear',
          {
            done: number(Math.min(audio.done, audio.total)),
            total: number(audio.total),
          },
        )
      : '';
  const lines = [text, recordings].filter((line) => line !== '');
  return (
    <p role="status" className={lines.length > 0 ? styles.banner : styles.idle}>
      {lines.map((line) => (
        <span key={line} className={styles.line}>
          {line}
        </span>
      ))}
    </p>
  );
}
