import { providerFailure, type ProviderFailure } from './provider-failure.ts';
import { PUNCTUATION_PROMPT } from './punctuation.ts';
import type { ProviderEndpoint, Transcript, TranscriptionRequest } from './transcription-request.ts';

interface VerboseJson {
  text?: unknown;
  language?: unknown;
  segments?: { start?: unknown; end?: unknown; text?: unknown }[];
}

/** OpenAI's transcription API (POST /v1/audio/transcriptions, multipart, Bearer key), verbose_json answers. */
export async function transcribeWithWhisper(
  request: TranscriptionRequest,
  endpoint: ProviderEndpoint,
): Promise<Transcript | ProviderFailure> {
  const form = new FormData();
  form.append('file', request.audio, request.fileName);
  form.append('model', request.model);
  form.append('response_format', 'verbose_json');
  if (request.language) form.append('language', request.language);
  if (request.punctuation) form.append('prompt', PUNCTUATION_PROMPT);
  const response = await endpoint.fetch(`${endpoint.baseUrl}/v1/audio/transcriptions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${endpoint.apiKey}` },
    body: form,
  });
  if (!response.ok) return providerFailure('Whisper', response);
  const body = (await response.json()) as VerboseJson;
  if (typeof body.text !== 'string') throw new Error('Whisper answered without text');
  return {
    text: body.text.trim(),
    language: typeof body.language === 'string' ? body.language : null,
    segments: (body.segments ?? []).flatMap((segment) =>
      typeof segment.start === 'number' && typeof segment.end === 'number' && typeof segment.text === 'string'
        ? [{ start: segment.start, end: segment.end, text: segment.text.trim() }]
        : [],
    ),
  };
}
