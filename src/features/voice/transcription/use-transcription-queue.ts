import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import type { UserSettings } from '../../../db/entities/user-settings.ts';
import { useUserData } from '../../../lib/user-data/use-user-data.ts';

/**
 * Runs the signed-in user's transcription queue while the app is open, whatever screen is showing; the
 * queue's code loads after the first paint.
 */
export function useTranscriptionQueue(settings: UserSettings): void {
  const { t, i18n } = useTranslation();
  const userData = useUserData();
  const latest = useRef({ settings, t, language: i18n.language });
  useEffect(() => {
    latest.current = { settings, t, language: i18n.language };
  });

  useEffect(() => {
    if (!userData) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    const noteTitle = () =>
      latest.current.t('voice.newNoteTitle', {
        date: new Intl.DateTimeFormat(latest.current.language, {
          dateStyle: 'medium',
          timeStyle: 'short',
        }).format(new Date()),
      });
    import('./start-transcription-queue.ts').then(
      ({ startTranscriptionQueue }) => {
        if (!cancelled) stop = startTranscriptionQueue(userData, () => latest.current.settings, noteTitle);
      },
      (error: unknown) => console.error('The transcription queue could not load', error),
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userData]);
}
