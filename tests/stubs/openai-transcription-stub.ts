// Stand-in for OpenAI's transcription API (a paid service we cannot reach here), after its documented
// format: POST /v1/audio/transcriptions, multipart (file, model, language, response_format), Bearer key;
// verbose_json answers { task, language, duration, text, segments[] }; errors { error: { message, type,
// param, code } }.
import { startProviderStub, type ProviderStub, type StubRequest } from './provider-stub.ts';

export const OPENAI_STUB_TEXT = 'Today I walked to the lake and watched the herons.';

export function startOpenAiStub(port = 0): Promise<ProviderStub> {
  const answer = (request: StubRequest) => ({
    task: 'transcribe',
    language: request.fields['language'] ? request.fields['language'] : 'english',
    duration: 3.2,
    text: OPENAI_STUB_TEXT,
    segments: [
      { id: 0, seek: 0, start: 0, end: 3.2, text: ` ${OPENAI_STUB_TEXT}`, tokens: [], temperature: 0 },
    ],
  });
  return startProviderStub('/v1/audio/transcriptions', answer, port);
}

export const openAiError = (status: number, message: string, type: string, code: string | null = null) => ({
  status,
  body: { error: { message, type, param: null, code } },
});
