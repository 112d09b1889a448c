import type { SupabaseClient } from '@supabase/supabase-js';

import {
  requestedLanguage,
  TranscriptionFailure,
  type TranscriptionSettings,
  type TranscriptionTransport,
  type TranscriptResult,
} from './transcription-transport.ts';

interface FunctionAnswer {
  code?: string;
  message?: string;
  retryable?: boolean;
  retry_after?: number | null;
}

/** The function's refusals that no retry can fix without the user doing something. */
const PERMANENT = new Set([
  'premium_required',
  'audio_too_large',
  'audio_rejected',
  'audio_type',
  'audio_missing',
]);

async function failureFrom(error: unknown, online: () => boolean): Promise<TranscriptionFailure> {
  const context = (error as { context?: unknown }).context;
  if (context instanceof Response) {
    let answer: FunctionAnswer = {};
    try {
      answer = (await context.json()) as FunctionAnswer;
    } catch {
      // Not JSON (a proxy's error page): the status decides below.
    }
    const retryable = answer.retryable ?? (!PERMANENT.has(answer.code ?? '') && context.status !== 400);
    return new TranscriptionFailure(answer.message ?? `Transcription failed (${context.status}).`, {
      retryable: context.status === 401 ? true : retryable,
      retryAfterMs: typeof answer.retry_after === 'number' ? answer.retry_after * 1000 : null,
    });
  }
  // No answer at all: the request never arrived.
  return new TranscriptionFailure(
    error instanceof Error ? error.message : 'The transcription service could not be reached.',
    {
      retryable: true,
      offline: !online(),
    },
  );
}

/**
 * Whisper and ElevenLabs through Murmur's transcribe function (the service keys stay on the server).
 * The user's session authorises it; the function decides premium access again.
 */
export function functionTranscriptionTransport(
  supabase: () => Promise<SupabaseClient>,
  online: () => boolean,
): TranscriptionTransport {
  return {
    async transcribe(audio: Blob, settings: TranscriptionSettings): Promise<TranscriptResult> {
      const provider = settings.transcription_service === 'elevenlabs' ? 'elevenlabs' : 'whisper';
      const form = new FormData();
      form.append('audio', audio, 'recording');
      form.append('provider', provider);
      form.append('language', requestedLanguage(settings) ?? 'auto');
      form.append('punctuation', String(settings.auto_punctuation));
      if (provider === 'elevenlabs') {
        form.append('model', settings.elevenlabs_model);
        form.append('diarize', String(settings.elevenlabs_diarize));
        form.append('tag_audio_events', String(settings.elevenlabs_tag_audio_events));
      }
      let client: SupabaseClient;
      try {
        client = await supabase();
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new TranscriptionFailure(`Murmur could not load its connection: ${reason}`, {
          retryable: true,
          offline: !online(),
        });
      }
      const { data, error } = await client.functions.invoke<TranscriptResult>('transcribe', { body: form });
      if (error) throw await failureFrom(error, online);
      if (!data || typeof data.text !== 'string')
        throw new TranscriptionFailure('The transcription service answered without text.', {
          retryable: true,
        });
      return { text: data.text, language: data.language ?? null, segments: data.segments ?? [] };
    },
  };
}
