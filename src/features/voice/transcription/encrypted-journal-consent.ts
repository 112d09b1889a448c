import { TranscriptionFailure, type TranscriptionTransport } from './transcription-transport.ts';

/**
 * Transcription by a cloud provider in an encrypted journal (ADR 0151): the audio leaves the device for
 * the provider only once the person allowed it on this device; until then the job fails with what to do,
 * and "Retry" sends it once they have. A journal in clear, and on-device transcription, ask nothing.
 */
export function encryptedJournalConsent(
  transport: TranscriptionTransport,
  mayLeaveDevice: () => Promise<boolean>,
): TranscriptionTransport {
  return {
    async transcribe(audio, settings) {
      if (!(await mayLeaveDevice()))
        throw new TranscriptionFailure(
          'Your journal is encrypted, so Murmur sends a recording to a transcription service only once you allow it: turn on “Transcribe with the service I chose” in Settings → Privacy, then retry. Or choose Local Processing in Settings → Transcription.',
          { retryable: false },
        );
      return transport.transcribe(audio, settings);
    },
    ...(transport.worksOffline ? { worksOffline: transport.worksOffline.bind(transport) } : {}),
  };
}
