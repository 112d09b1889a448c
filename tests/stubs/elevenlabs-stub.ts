// Stand-in for ElevenLabs' speech-to-text API (a paid service we cannot reach here), after its documented
// format: POST /v1/speech-to-text, multipart (file, model_id, language_code, diarize, tag_audio_events,
// timestamps_granularity), xi-api-key header; answers { language_code, language_probability, text,
// words[{ text, start, end, type, speaker_id }] }; errors { detail: { code, status, message, request_id } }
// (`status` is the legacy copy of `code`; older answers carry only status and message) or 422
// { detail: [{ loc, msg, type }] }; 401 for a wrong key or used-up quota, 429 for the rate or
// concurrency limit, 5xx when ElevenLabs itself fails.
import { startProviderStub, type ProviderStub, type StubAnswer } from './provider-stub.ts';

export function startElevenLabsStub(): Promise<ProviderStub> {
  return startProviderStub('/v1/speech-to-text', (request) => {
    const diarize = request.fields['diarize'] === 'true';
    const word = (text: string, start: number, end: number, speaker: string, type = 'word') => ({
      text,
      start,
      end,
      type,
      ...(diarize ? { speaker_id: speaker } : {}),
    });
    return {
      language_code: request.fields['language_code'] ?? 'eng',
      language_probability: 0.98,
      text: 'Hello there. (laughs) Hi!',
      words: [
        word('Hello', 0, 0.4, 'speaker_0'),
        word(' ', 0.4, 0.45, 'speaker_0', 'spacing'),
        word('there.', 0.45, 0.9, 'speaker_0'),
        ...(request.fields['tag_audio_events'] === 'true'
          ? [word(' (laughs)', 0.9, 1.4, 'speaker_0', 'audio_event')]
          : []),
        word('Hi!', 1.6, 1.9, 'speaker_1'),
      ],
    };
  });
}

/**
 * One of ElevenLabs' documented error answers (its API errors page): a JSON object whose `detail` holds
 * `code` (e.g. invalid_api_key, quota_exceeded, rate_limit_exceeded, concurrent_limit_exceeded), the
 * same value in the legacy `status`, a human `message` and a `request_id`. A 429 may carry Retry-After.
 */
export const elevenLabsError = (
  status: number,
  code: string,
  message: string,
  headers?: Record<string, string>,
): StubAnswer => ({
  status,
  body: { detail: { code, status: code, message, request_id: `stub-${code}` } },
  ...(headers ? { headers } : {}),
});
