import type { UserSettings } from '../../../db/entities/user-settings.ts';
import { loadSupabase } from '../../../lib/load-supabase.ts';
import type { UserData } from '../../../lib/user-data/user-data-context.ts';
import { browserConnectivity, realRandom, realTimers } from '../../../sync/real-ports.ts';
import { transcriptDelivery } from '../delivery/deliver-transcript.ts';
import { localWhisper } from '../local-model/local-whisper.ts';
import { toSpeechSamples, toSpeechWav } from './browser-wav.ts';
import { chosenTransport } from './chosen-transport.ts';
import { encryptedJournalConsent } from './encrypted-journal-consent.ts';
import { functionTranscriptionTransport } from './function-transcription-transport.ts';
import { localTranscriptionTransport } from './local-transcription-transport.ts';
import { OPENROUTER_BASE_URL, openRouterTransport } from './openrouter-transport.ts';
import { TranscriptionQueue } from './transcription-queue.ts';
import { transcribesOnDevice } from './transcription-transport.ts';

const logError = (message: string, error: unknown) => console.error(message, error);

/** Long enough after start that the first screen and the first sync have the network and CPU. */
const RUNTIME_WARM_UP_DELAY_MS = 5_000;

/**
 * Starts the user's transcription queue over the real browser ports. Loaded lazily: Dexie's live
 * queries and the queue are not needed to paint. The settings are read when each job runs.
 */
export function startTranscriptionQueue(
  userData: UserData,
  settings: () => UserSettings,
  noteTitle: () => string,
): () => void {
  const online = () => browserConnectivity.isOnline();
  const mayLeaveDevice = () => userData.commands.cloudTranscriptionAllowed();
  const queue = new TranscriptionQueue({
    db: userData.db,
    commands: userData.commands,
    transport: chosenTransport({
      viaFunction: encryptedJournalConsent(
        functionTranscriptionTransport(loadSupabase, online),
        mayLeaveDevice,
      ),
      viaOpenRouter: encryptedJournalConsent(
        openRouterTransport({
          baseUrl: OPENROUTER_BASE_URL,
          fetch: (input, init) => fetch(input, init),
          toWav: toSpeechWav,
          online,
        }),
        mayLeaveDevice,
      ),
      onDevice: localTranscriptionTransport(localWhisper, toSpeechSamples),
    }),
    settings,
    deliver: transcriptDelivery({
      db: userData.db,
      commands: userData.commands,
      settings,
      noteTitle,
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
  // Off the start-up path: after an app update, fetch Local Processing's new runtime while online.
  const warmUp = realTimers.setTimeout(() => {
    if (!transcribesOnDevice(settings()) || !online()) return;
    localWhisper
      .keepRuntimeReady()
      .catch((error: unknown) => logError('Local Processing could not fetch its runtime', error));
  }, RUNTIME_WARM_UP_DELAY_MS);
  return () => {
    realTimers.clearTimeout(warmUp);
    queue.stop();
  };
}
