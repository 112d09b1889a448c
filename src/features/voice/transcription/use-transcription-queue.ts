import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import type { UserSettings } from '../../../db/entities/user-settings.ts';
import { loadSupabase } from '../../../lib/load-supabase.ts';
import { useUserData } from '../../../lib/user-data/use-user-data.ts';
import { browserConnectivity, realRandom, realTimers } from '../../../sync/real-ports.ts';
import { transcriptDelivery } from '../delivery/deliver-transcript.ts';
import { chosenTransport } from './chosen-transport.ts';
import { functionTranscriptionTransport } from './function-transcription-transport.ts';
import { TranscriptionQueue } from './transcription-queue.ts';

const logError = (message: string, error: unknown) => console.error(message, error);

/**
 * Runs the signed-in user's transcription queue while the app is open, whatever screen is showing: it
 * reads the settings at the moment each job runs, so a change of service applies to the next job.
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
    const online = () => browserConnectivity.isOnline();
    const queue = new TranscriptionQueue({
      db: userData.db,
      commands: userData.commands,
      transport: chosenTransport(functionTranscriptionTransport(loadSupabase, online)),
      settings: () => latest.current.settings,
      deliver: transcriptDelivery({
        db: userData.db,
        commands: userData.commands,
        settings: () => latest.current.settings,
        noteTitle: () =>
          latest.current.t('voice.newNoteTitle', {
            date: new Intl.DateTimeFormat(latest.current.language, {
              dateStyle: 'medium',
              timeStyle: 'short',
            }).format(new Date()),
          }),
        copy: (text) => navigator.clipboard.writeText(text),
        logError,
      }),
      now: () => Date.now(),
      timers: realTimers,
      random: realRandom,
      connectivity: browserConnectivity,
      logError,
    });
    void queue.start().catch((error: unknown) => logError('The transcription queue could not start', error));
    return () => queue.stop();
  }, [userData]);
}
