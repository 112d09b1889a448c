import {
  TranscriptionFailure,
  type TranscriptionSettings,
  type TranscriptionTransport,
} from './transcription-transport.ts';

/**
 * The transport for the service chosen in settings: Whisper and ElevenLabs through Murmur's function,
 * OpenRouter with the user's own key from the browser. Local Processing is not in this version: its
 * jobs fail with a reason the user can act on (choose another service, then retry), never silently.
 */
export function chosenTransport(
  viaFunction: TranscriptionTransport,
  viaOpenRouter: TranscriptionTransport,
): TranscriptionTransport {
  return {
    transcribe(audio: Blob, settings: TranscriptionSettings) {
      const service = settings.transcription_service;
      if (service === 'whisper' || service === 'elevenlabs') return viaFunction.transcribe(audio, settings);
      if (service === 'openrouter') return viaOpenRouter.transcribe(audio, settings);
      return Promise.reject(
        new TranscriptionFailure(
          'Local processing cannot transcribe yet. Choose Whisper, ElevenLabs or OpenRouter in Settings → Transcription, then retry.',
          { retryable: false },
        ),
      );
    },
  };
}
