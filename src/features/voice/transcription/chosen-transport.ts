import {
  TranscriptionFailure,
  type TranscriptionSettings,
  type TranscriptionTransport,
} from './transcription-transport.ts';

/**
 * The transport for the service chosen in settings. OpenRouter (the user's own key) and Local
 * Processing are not in this version yet: their jobs fail with a reason the user can act on (switch
 * the service in Settings → Transcription, then retry), never silently.
 */
export function chosenTransport(viaFunction: TranscriptionTransport): TranscriptionTransport {
  return {
    transcribe(audio: Blob, settings: TranscriptionSettings) {
      const service = settings.transcription_service;
      if (service === 'whisper' || service === 'elevenlabs') return viaFunction.transcribe(audio, settings);
      return Promise.reject(
        new TranscriptionFailure(
          `${service === 'openrouter' ? 'OpenRouter' : 'Local processing'} cannot transcribe yet. Choose Whisper or ElevenLabs in Settings → Transcription, then retry.`,
          { retryable: false },
        ),
      );
    },
  };
}
