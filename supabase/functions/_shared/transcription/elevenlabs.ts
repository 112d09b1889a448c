import { providerFailure, type ProviderFailure } from './provider-failure.ts';
import type {
  ProviderEndpoint,
  Transcript,
  TranscriptionRequest,
  TranscriptSegment,
} from './transcription-request.ts';

interface ScribeWord {
  text?: unknown;
  start?: unknown;
  end?: unknown;
  type?: unknown;
  speaker_id?: unknown;
}

/**
 * ElevenLabs Scribe (POST /v1/speech-to-text, multipart, xi-api-key): model_id, optional language_code,
 * diarize and tag_audio_events. Its words are grouped into one segment per speaker turn.
 */
export async function transcribeWithScribe(
  request: TranscriptionRequest,
  endpoint: ProviderEndpoint,
): Promise<Transcript | ProviderFailure> {
  const form = new FormData();
  form.append('file', request.audio, request.fileName);
  form.append('model_id', request.model);
  form.append('diarize', String(request.diarize));
  form.append('tag_audio_events', String(request.tagAudioEvents));
  form.append('timestamps_granularity', 'word');
  if (request.language) form.append('language_code', request.language);
  const response = await endpoint.fetch(`${endpoint.baseUrl}/v1/speech-to-text`, {
    method: 'POST',
    headers: { 'xi-api-key': endpoint.apiKey },
    body: form,
  });
  if (!response.ok) return providerFailure('ElevenLabs', response);
  const body = (await response.json()) as { text?: unknown; language_code?: unknown; words?: ScribeWord[] };
  if (typeof body.text !== 'string') throw new Error('ElevenLabs answered without text');
  return {
    text: body.text.trim(),
    language: typeof body.language_code === 'string' ? body.language_code : null,
    segments: speakerTurns(body.words ?? []),
  };
}

function speakerTurns(words: ScribeWord[]): TranscriptSegment[] {
  const turns: TranscriptSegment[] = [];
  for (const word of words) {
    if (typeof word.text !== 'string' || typeof word.start !== 'number' || typeof word.end !== 'number')
      continue;
    const speaker = typeof word.speaker_id === 'string' ? word.speaker_id : undefined;
    const last = turns.at(-1);
    if (last && last.speaker === speaker) {
      last.text += word.text;
      last.end = word.end;
    } else if (word.type !== 'spacing') {
      turns.push({ start: word.start, end: word.end, text: word.text, ...(speaker ? { speaker } : {}) });
    }
  }
  return turns.map((turn) => ({ ...turn, text: turn.text.trim() }));
}
