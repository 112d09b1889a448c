import { useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { audioResealing } from '../../db/audio-resealing.ts';
import type { ResendProgress } from '../../db/commands/encryption-commands.ts';
import { resendDirection, type ResendDirection } from '../../db/resending.ts';
import { turningEncryptionOff } from '../../db/turning-encryption-off.ts';
import { useUserData } from '../../lib/user-data/use-user-data.ts';
import styles from './encryption.module.css';
import { finishTurningEncryptionOff } from './finish-turning-encryption-off.ts';
import { journalEnvelopeQuery } from './journal-envelope-query.ts';
import { EnvelopeChangedError } from './journal-envelope-source.ts';

/**
 * Resends what was written before encryption was turned on (sealed) or off (clear, ADR 0152), wherever
 * the person is in the app, and shows how far it got: it starts when Settings → Privacy turned
 * encryption on or off, and after a reload goes on from the last batch done. A turning off confirmed
 * here and interrupted before its envelope was removed is finished first, at once and whenever the
 * device comes online. One tab of the device does each (a Web Lock); the others show nothing.
 *
 * `onQueued` is told as each batch of the resend commits (the app tells the sync engine), so the
 * batches queued so far are pushed while the rest is still being queued: a command's write is
 * otherwise heard of only once the whole resend has returned.
 */
export function EncryptionProgress({ onQueued }: { onQueued?: () => void } = {}) {
  const { t, i18n } = useTranslation();
  const userData = useUserData();
  const queryClient = useQueryClient();
  const direction = useLiveQuery(
    () => (userData ? resendDirection(userData.db) : Promise.resolve(null)),
    [userData],
  );
  const turningOff = useLiveQuery(
    () => (userData ? turningEncryptionOff(userData.db) : Promise.resolve(undefined)),
    [userData],
  );
  // The recordings' stored audio is sealed (or opened) where the audio uploads run; its position is
  // the progress (ADR 0153).
  const audio = useLiveQuery(
    () => (userData ? audioResealing(userData.db) : Promise.resolve(undefined)),
    [userData],
  );
  const [progress, setProgress] = useState<ResendProgress | null>(null);
  const [finished, setFinished] = useState<ResendDirection | null>(null);
  const shown = direction ?? finished;
  // Read as each batch commits: the engine may attach after the resend began, which must not restart it.
  const queued = useRef(onQueued);
  useEffect(() => {
    queued.current = onQueued;
  }, [onQueued]);

  useEffect(() => {
    if (!userData || !turningOff) return;
    const { queryKey } = journalEnvelopeQuery(userData.userId);
    const finish = () =>
      void finishTurningEncryptionOff(userData, { waitForLock: false }).then(
        (outcome) => {
          if (outcome === 'finished') queryClient.setQueryData(queryKey, null);
        },
        async (error: unknown) => {
          // A re-wrap elsewhere cancelled it: the privacy screen shows the envelope as it is now.
          if (error instanceof EnvelopeChangedError) await queryClient.invalidateQueries({ queryKey });
          else console.error('Turning encryption off could not finish yet', error);
        },
      );
    finish();
    window.addEventListener('online', finish);
    return () => window.removeEventListener('online', finish);
  }, [userData, turningOff, queryClient]);

  useEffect(() => {
    if (!userData || !direction) return;
    // A tab that finds the lock taken leaves the work to the tab holding it. The run ends by itself
    // (its last batch clears `resending`); React ignores the state of a screen that went away.
    void navigator.locks
      .request(`murmur-resend-${userData.userId}`, { ifAvailable: true }, async (lock) => {
        if (!lock) return;
        const done = await userData.commands.resendWrittenEntries((progress) => {
          setProgress(progress);
          queued.current?.();
        });
        // Turning encryption off (`done === 'clear'`): the entries are queued clear; the stored audio's
        // step was started with the key as it was forgotten (finishTurningEncryptionOff, ADR 0153).
        setFinished(done ?? direction);
      })
      .catch((error: unknown) => console.error('Resending the journal’s entries failed', error));
  }, [userData, direction]);

  // The closing word stays a while, then the page gets its room back.
  useEffect(() => {
    if (!finished) return;
    const timer = window.setTimeout(() => {
      setFinished(null);
      setProgress(null);
    }, 10_000);
    return () => window.clearTimeout(timer);
  }, [finished]);

  const number = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const way = shown === 'clear' ? 'clear' : 'sealed';
  const text = finished
    ? t(`journalLock.progress.${way}.done`)
    : progress
      ? t(`journalLock.progress.${way}.running`, {
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
