// transcribe: a recording to text with Murmur's own provider keys, which never reach the browser (issue 9).
import { adminClient, needsSecondStep, requestUser, SECOND_STEP_MESSAGE } from '../_shared/clients.ts';
import { corsHeaders, json, refuse } from '../_shared/http.ts';
import { hasPremiumAccess } from '../_shared/premium-access.ts';
import { transcribeWithScribe } from '../_shared/transcription/elevenlabs.ts';
import type { ProviderFailure } from '../_shared/transcription/provider-failure.ts';
import { withoutPunctuation } from '../_shared/transcription/punctuation.ts';
import type {
  ProviderEndpoint,
  Transcript,
  TranscriptionRequest,
} from '../_shared/transcription/transcription-request.ts';
import { transcribeWithWhisper } from '../_shared/transcription/whisper.ts';

/** OpenAI's upload limit, the smaller of the two providers'. */
const MAX_AUDIO_BYTES = 25 * 1024 * 1024;
const AUDIO_TYPES = /^audio\/(webm|ogg|mp4|mpeg|mp3|wav|x-wav|aac|flac|m4a)(;.*)?$/;
const LANGUAGE = /^[a-z]{2,3}$/;

const PROVIDERS = {
  whisper: {
    key: 'OPENAI_API_KEY',
    base: 'OPENAI_BASE_URL',
    defaultBase: 'https://api.openai.com',
    models: ['whisper-1'],
    run: transcribeWithWhisper,
  },
  elevenlabs: {
    key: 'ELEVENLABS_API_KEY',
    base: 'ELEVENLABS_BASE_URL',
    defaultBase: 'https://api.elevenlabs.io',
    models: ['scribe_v1', 'scribe_v1_experimental'],
    run: transcribeWithScribe,
  },
} as const;
type ProviderName = keyof typeof PROVIDERS;

function isProvider(value: unknown): value is ProviderName {
  return value === 'whisper' || value === 'elevenlabs';
}

function extension(type: string): string {
  const subtype = /^audio\/([a-z0-9-]+)/.exec(type)?.[1] ?? 'webm';
  return subtype === 'mpeg' ? 'mp3' : subtype === 'x-wav' ? 'wav' : subtype;
}

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (request.method !== 'POST') return refuse(405, 'method_not_allowed', 'Use POST.');
  const user = await requestUser(request);
  if (!user) return refuse(401, 'not_signed_in', 'Sign in to transcribe recordings.');
  if (needsSecondStep(request, user)) return refuse(403, 'aal2_required', SECOND_STEP_MESSAGE);
  const admin = adminClient();
  try {
    if (!(await hasPremiumAccess(admin, user.id)))
      return refuse(403, 'premium_required', 'Transcription is part of Premium and the free trial.');
  } catch (error) {
    console.error('transcribe: checking access failed', error instanceof Error ? error.message : error);
    return json(503, { code: 'unavailable', message: 'Please try again in a moment.', retryable: true });
  }

  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refuse(400, 'bad_request', 'Send the recording as multipart/form-data.');
  }
  const audio = form.get('audio');
  const provider = form.get('provider');
  const language = form.get('language');
  if (!(audio instanceof Blob) || audio.size === 0)
    return refuse(400, 'audio_missing', 'The recording is missing.');
  if (audio.size > MAX_AUDIO_BYTES)
    return json(413, {
      code: 'audio_too_large',
      message: 'Recordings up to 25 MB can be transcribed.',
      retryable: false,
    });
  if (!AUDIO_TYPES.test(audio.type))
    return refuse(415, 'audio_type', `Recordings of type ${audio.type || 'unknown'} cannot be transcribed.`);
  if (!isProvider(provider)) return refuse(400, 'provider_unknown', 'Choose Whisper or ElevenLabs.');
  if (language !== null && language !== 'auto' && (typeof language !== 'string' || !LANGUAGE.test(language)))
    return refuse(400, 'language_invalid', 'The language must be a language code such as "en", or "auto".');
  const settings = PROVIDERS[provider];
  const model = form.get('model');
  const chosenModel =
    typeof model === 'string' && (settings.models as readonly string[]).includes(model)
      ? model
      : settings.models[0];

  const apiKey = Deno.env.get(settings.key);
  if (!apiKey) {
    console.error(`transcribe: ${settings.key} is not set`);
    return json(503, {
      code: 'provider_unconfigured',
      message: 'Transcription is not set up on this server yet.',
      retryable: true,
      retry_after: 3600,
    });
  }
  const endpoint: ProviderEndpoint = {
    apiKey,
    baseUrl: Deno.env.get(settings.base) ?? settings.defaultBase,
    fetch,
  };
  const transcriptionRequest: TranscriptionRequest = {
    audio,
    fileName: `recording.${extension(audio.type)}`,
    language: typeof language === 'string' && language !== 'auto' ? language : null,
    model: chosenModel,
    diarize: form.get('diarize') === 'true',
    tagAudioEvents: form.get('tag_audio_events') === 'true',
    // Punctuated unless the app says otherwise (auto_punctuation is on by default).
    punctuation: form.get('punctuation') !== 'false',
  };

  let result: Transcript | ProviderFailure;
  try {
    result = await settings.run(transcriptionRequest, endpoint);
  } catch (error) {
    console.error(`transcribe: ${provider} failed`, error instanceof Error ? error.message : error);
    return json(503, {
      code: 'provider_unavailable',
      message: 'The transcription service could not be reached. It will be tried again.',
      retryable: true,
    });
  }
  if ('code' in result) {
    return json(result.status, {
      code: result.code,
      message: result.message,
      retryable: result.retryable,
      retry_after: result.retryAfterSeconds,
    });
  }
  const text = transcriptionRequest.punctuation ? result : withoutPunctuation(result);
  return json(200, { ...text, provider, model: chosenModel });
});
