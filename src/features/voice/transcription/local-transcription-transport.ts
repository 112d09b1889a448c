import { withoutPunctuation } from '../../../../supabase/functions/_shared/transcription/punctuation.ts';
import type { TranscriptSegment } from '../../../db/entities/recording.ts';
import {
  requestedLanguage,
  TranscriptionFailure,
  type TranscriptionSettings,
  type TranscriptionTransport,
} from './transcription-transport.ts';

/** The parts of Local Processing the transport uses (src/features/voice/local-model/local-whisper.ts). */
export interface LocalTranscriber {
  transcribe(
    samples: Float32Array,
    language: string | null,
  ): Promise<{ text: string; language: string | null; segments: TranscriptSegment[] }>;
}

interface LocalTranscriberError {
  missingModel: boolean;
}

export const MODEL_NOT_DOWNLOADED =
  'The on-device model is not downloaded. Download it in Settings → Transcription, then retry.';

function isMissingModel(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as LocalTranscriberError).missingModel === true
  );
}

/**
 * Local Processing: the audio is decoded in the page and transcribed by Whisper in a worker, with no
 * network at all, so it runs offline. Without a downloaded model the job fails with what to do (the
 * queue never downloads a model on its own); any other failure is retried like a provider's.
 */
export function localTranscriptionTransport(
  transcriber: LocalTranscriber,
  toSamples: (audio: Blob) => Promise<Float32Array>,
): TranscriptionTransport {
  return {
    worksOffline: () => true,
    async transcribe(audio: Blob, settings: TranscriptionSettings) {
      const asked = requestedLanguage(settings);
      let samples: Float32Array;
      try {
        samples = await toSamples(audio);
      } catch (error) {
        throw new TranscriptionFailure(
          `This recording could not be decoded for transcription (${error instanceof Error ? error.message : String(error)}).`,
          { retryable: false },
        );
      }
      try {
        const transcript = await transcriber.transcribe(samples, asked);
        // Whisper punctuates; with auto_punctuation off the words stand alone, by the same rule as
        // the transcribe function's, so a transcript reads alike whichever service made it.
        return settings.auto_punctuation ? transcript : withoutPunctuation(transcript);
      } catch (error) {
        if (isMissingModel(error)) throw new TranscriptionFailure(MODEL_NOT_DOWNLOADED, { retryable: false });
        throw new TranscriptionFailure(
          `On-device transcription failed: ${error instanceof Error ? error.message : String(error)}`,
          { retryable: true },
        );
      }
    },
  };
}
