import {
  transcribesOnDevice,
  TranscriptionFailure,
  type TranscriptionSettings,
  type TranscriptionTransport,
} from './transcription-transport.ts';

/**
 * The transport for the service chosen in settings when the job runs: Whisper and ElevenLabs through
 * Murmur's function, OpenRouter with the user's own key from the browser, Local Processing on this
 * device whenever the user chose on-device processing in any of its settings. An unknown service (a newer app's setting) fails with what to do, never silently.
 */
export function chosenTransport(transports: {
  viaFunction: TranscriptionTransport;
  viaOpenRouter: TranscriptionTransport;
  onDevice: TranscriptionTransport;
}): TranscriptionTransport {
  const pick = (settings: TranscriptionSettings): TranscriptionTransport | null => {
    if (transcribesOnDevice(settings)) return transports.onDevice;
    const service = settings.transcription_service;
    if (service === 'whisper' || service === 'elevenlabs') return transports.viaFunction;
    if (service === 'openrouter') return transports.viaOpenRouter;
    return null;
  };
  return {
    transcribe(audio: Blob, settings: TranscriptionSettings) {
      const transport = pick(settings);
      if (transport) return transport.transcribe(audio, settings);
      return Promise.reject(
        new TranscriptionFailure(
          `This version of Murmur does not know the transcription service "${settings.transcription_service}". Choose another in Settings → Transcription, then retry.`,
          { retryable: false },
        ),
      );
    },
    worksOffline(settings: TranscriptionSettings) {
      return pick(settings)?.worksOffline?.(settings) ?? false;
    },
  };
}
