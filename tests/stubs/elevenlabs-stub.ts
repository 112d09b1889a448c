// Stand-in for ElevenLabs' speech-to-text API (a paid service we cannot reach here), after its documented
// format: POST /v1/speech-to-text, multipart (file, model_id, language_code, diarize, tag_audio_events,
// timestamps_granularity), xi-api-key header; answers { language_code, language_probability, text,
// words[{ text, start, end, type, speaker_id }] }; errors { detail: { status, message } } or 422
// { detail: [{ loc, msg, type }] }.
import { startProviderStub, type ProviderStub } from './provider-stub.ts';

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
