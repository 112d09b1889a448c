// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startBackend } from '../../../server/start-backend.ts';
import { defaultUserSettings } from '../../../src/db/entities/user-settings.ts';
import { functionTranscriptionTransport } from '../../../src/features/voice/transcription/function-transcription-transport.ts';
import type {
  TranscriptionFailure,
  TranscriptionSettings,
} from '../../../src/features/voice/transcription/transcription-transport.ts';
import { elevenLabsError, startElevenLabsStub } from '../../stubs/elevenlabs-stub.ts';
import { OPENAI_STUB_TEXT, openAiError, startOpenAiStub } from '../../stubs/openai-transcription-stub.ts';
import type { ProviderStub } from '../../stubs/provider-stub.ts';
import { client, uniqueEmail } from '../backend/support/clients.ts';

const PASSWORD = 'Murmur-test-password-1';
const OPENAI_KEY = 'sk-murmur-service-key-never-in-browsers';
const ELEVENLABS_KEY = 'xi-murmur-service-key';

/**
 * The transcribe Edge Function on the local backend, with the paid providers replaced by local stubs
 * that follow their documented formats: who may call it, what reaches each provider, and how each
 * documented provider error comes back to the app.
 */
describe('transcribe function', () => {
  let backend: Awaited<ReturnType<typeof startBackend>>;
  let openai: ProviderStub;
  let elevenlabs: ProviderStub;

  beforeAll(async () => {
    [openai, elevenlabs] = await Promise.all([startOpenAiStub(), startElevenLabsStub()]);
    backend = await startBackend({
      port: 0,
      dataDir: 'memory://',
      migrationsDir: 'supabase/migrations',
      functionsDir: 'supabase/functions',
      rateLimits: {
        perIp: { max: 100_000, windowSeconds: 60 },
        perEmail: { max: 100_000, windowSeconds: 60 },
      },
    });
    await backend.setFunctionSecrets({
      OPENAI_API_KEY: OPENAI_KEY,
      OPENAI_BASE_URL: openai.url,
      ELEVENLABS_API_KEY: ELEVENLABS_KEY,
      ELEVENLABS_BASE_URL: elevenlabs.url,
    });
  }, 120_000);

  afterAll(async () => {
    await backend?.close();
    await Promise.all([openai?.close(), elevenlabs?.close()]);
  });

  async function member(trial: boolean) {
    const supabase = client(backend.url, backend.anonKey);
    const { error } = await supabase.auth.signUp({ email: uniqueEmail('transcribe'), password: PASSWORD });
    expect(error).toBeNull();
    if (trial) expect((await supabase.functions.invoke('start-trial', { body: {} })).error).toBeNull();
    return supabase;
  }

  function recording(fields: Record<string, string>, bytes = 2048, type = 'audio/webm;codecs=opus') {
    const form = new FormData();
    form.append('audio', new Blob([new Uint8Array(bytes).fill(7)], { type }), 'recording.webm');
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return form;
  }

  async function call(supabase: ReturnType<typeof client>, form: FormData) {
    const { data, error } = await supabase.functions.invoke('transcribe', { body: form });
    if (!error) return { status: 200, body: data as Record<string, unknown> };
    const response = (error as { context?: Response }).context;
    return { status: response?.status ?? 0, body: (await response?.json()) as Record<string, unknown> };
  }

  it('refuses visitors and basic users, and sends a trial user’s recording to Whisper with Murmur’s key', async () => {
    const visitor = client(backend.url, backend.anonKey);
    expect((await call(visitor, recording({ provider: 'whisper' }))).status).toBe(401);
    const basic = await member(false);
    expect(await call(basic, recording({ provider: 'whisper' }))).toEqual({
      status: 403,
      body: { code: 'premium_required', message: 'Transcription is part of Premium and the free trial.' },
    });
    expect(openai.requests).toHaveLength(0);

    const trial = await member(true);
    const answer = await call(trial, recording({ provider: 'whisper', language: 'en' }));
    expect(answer).toEqual({
      status: 200,
      body: {
        text: OPENAI_STUB_TEXT,
        language: 'en',
        segments: [{ start: 0, end: 3.2, text: OPENAI_STUB_TEXT }],
        provider: 'whisper',
        model: 'whisper-1',
      },
    });
    const sent = openai.requests.at(-1);
    expect(sent?.headers['authorization']).toBe(`Bearer ${OPENAI_KEY}`);
    // Punctuated by default (auto_punctuation): Whisper is given a punctuated prompt to follow.
    expect(sent?.fields).toEqual({
      model: 'whisper-1',
      response_format: 'verbose_json',
      language: 'en',
      prompt: expect.stringMatching(/^[A-Z].*[.]$/),
    });
    expect(sent?.files['file']).toMatchObject({ name: 'recording.webm', size: 2048 });
    expect(JSON.stringify(answer.body)).not.toContain(OPENAI_KEY);
  });

  it('leaves the language to the provider when it is "auto"', async () => {
    const trial = await member(true);
    await call(trial, recording({ provider: 'whisper', language: 'auto' }));
    expect(openai.requests.at(-1)?.fields).not.toHaveProperty('language');
  });

  it('with auto_punctuation off, asks for no punctuated style and returns words without punctuation', async () => {
    const trial = await member(true);
    const answer = await call(
      trial,
      recording({ provider: 'whisper', language: 'en', punctuation: 'false' }),
    );
    expect(openai.requests.at(-1)?.fields).not.toHaveProperty('prompt');
    const words = OPENAI_STUB_TEXT.replace(/[.,]/g, '');
    expect(answer.body).toMatchObject({ text: words, segments: [{ start: 0, end: 3.2, text: words }] });
  });

  it('passes each documented Whisper error on with whether and when to try again', async () => {
    const trial = await member(true);
    openai.queue.push(
      {
        ...openAiError(429, 'Rate limit reached', 'requests', 'rate_limit_exceeded'),
        headers: { 'retry-after': '20' },
      },
      openAiError(401, 'Incorrect API key provided', 'invalid_request_error', 'invalid_api_key'),
      openAiError(400, 'Audio file might be corrupted or unsupported', 'invalid_request_error'),
      openAiError(413, 'Maximum content size limit exceeded', 'invalid_request_error'),
      openAiError(500, 'The server had an error', 'server_error'),
    );
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await call(trial, recording({ provider: 'whisper' })));
    expect(
      answers.map(({ status, body }) => [status, body['code'], body['retryable'], body['retry_after']]),
    ).toEqual([
      [429, 'provider_rate_limited', true, 20],
      [502, 'provider_misconfigured', true, 3600],
      [422, 'audio_rejected', false, null],
      [413, 'audio_too_large', false, null],
      [503, 'provider_unavailable', true, null],
    ]);
    expect(answers[2]?.body['message']).toBe(
      'Whisper could not transcribe this recording: Audio file might be corrupted or unsupported',
    );
    for (const { body } of answers) expect(JSON.stringify(body)).not.toContain(OPENAI_KEY);
  });

  it('sends ElevenLabs Scribe the model, diarize and audio-event options, and returns speaker turns', async () => {
    const trial = await member(true);
    const answer = await call(
      trial,
      recording({
        provider: 'elevenlabs',
        model: 'scribe_v1',
        language: 'en',
        diarize: 'true',
        tag_audio_events: 'true',
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      text: 'Hello there. (laughs) Hi!',
      provider: 'elevenlabs',
      model: 'scribe_v1',
      segments: [
        { start: 0, end: 1.4, text: 'Hello there. (laughs)', speaker: 'speaker_0' },
        { start: 1.6, end: 1.9, text: 'Hi!', speaker: 'speaker_1' },
      ],
    });
    const sent = elevenlabs.requests.at(-1);
    expect(sent?.headers['xi-api-key']).toBe(ELEVENLABS_KEY);
    expect(sent?.headers['authorization']).toBeUndefined();
    expect(sent?.fields).toEqual({
      model_id: 'scribe_v1',
      diarize: 'true',
      tag_audio_events: 'true',
      timestamps_granularity: 'word',
      language_code: 'en',
    });

    elevenlabs.queue.push({
      status: 422,
      body: { detail: [{ loc: ['body', 'file'], msg: 'Audio could not be decoded', type: 'value_error' }] },
    });
    const rejected = await call(trial, recording({ provider: 'elevenlabs' }));
    expect(rejected).toMatchObject({
      status: 422,
      body: {
        code: 'audio_rejected',
        retryable: false,
        message: 'ElevenLabs could not transcribe this recording: Audio could not be decoded',
      },
    });
  });

  it('passes each documented ElevenLabs error on with whether and when to try again', async () => {
    const trial = await member(true);
    elevenlabs.queue.push(
      elevenLabsError(401, 'invalid_api_key', 'Invalid API key'),
      elevenLabsError(401, 'quota_exceeded', 'You have insufficient quota to complete this request'),
      elevenLabsError(429, 'rate_limit_exceeded', 'Too many requests', { 'retry-after': '15' }),
      elevenLabsError(429, 'concurrent_limit_exceeded', 'Too many concurrent requests'),
      elevenLabsError(400, 'invalid_parameters', 'The audio file is empty'),
      elevenLabsError(500, 'internal_error', 'Internal server error'),
      elevenLabsError(503, 'service_unavailable', 'Service temporarily unavailable', { 'retry-after': '30' }),
    );
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await call(trial, recording({ provider: 'elevenlabs' })));
    expect(
      answers.map(({ status, body }) => [status, body['code'], body['retryable'], body['retry_after']]),
    ).toEqual([
      // Murmur's own key or account: nothing the user can fix, so tried again an hour later.
      [502, 'provider_misconfigured', true, 3600],
      [502, 'provider_misconfigured', true, 3600],
      [429, 'provider_rate_limited', true, 15],
      [429, 'provider_rate_limited', true, null],
      [422, 'audio_rejected', false, null],
      [503, 'provider_unavailable', true, null],
      [503, 'provider_unavailable', true, 30],
    ]);
    expect(answers.map(({ body }) => body['message'])).toEqual([
      "ElevenLabs refused Murmur's credentials. Your recording is kept and will be tried again.",
      "ElevenLabs refused Murmur's credentials. Your recording is kept and will be tried again.",
      'ElevenLabs is busy. Your recording will be transcribed a little later.',
      'ElevenLabs is busy. Your recording will be transcribed a little later.',
      'ElevenLabs could not transcribe this recording: The audio file is empty',
      'ElevenLabs is not answering right now. Your recording will be transcribed later.',
      'ElevenLabs is not answering right now. Your recording will be transcribed later.',
    ]);
    for (const { body } of answers) expect(JSON.stringify(body)).not.toContain(ELEVENLABS_KEY);
  });

  describe('through the app’s function transport', () => {
    const settings = (patch: Partial<TranscriptionSettings>): TranscriptionSettings => ({
      ...defaultUserSettings('u'),
      ...patch,
    });
    const webm = () => new Blob([new Uint8Array(2048).fill(7)], { type: 'audio/webm;codecs=opus' });

    it('asks each provider for the language the settings choose, and for none while detection is on', async () => {
      const trial = await member(true);
      const transport = functionTranscriptionTransport(
        () => Promise.resolve(trial),
        () => true,
      );
      // Detection on (both switches, the defaults): a fixed language is not imposed.
      await transport.transcribe(
        webm(),
        settings({ transcription_service: 'whisper', preferred_transcription_language: 'de' }),
      );
      expect(openai.requests.at(-1)?.fields).not.toHaveProperty('language');
      // "Detect the language of each recording" off: the preferred language, even with auto-switch on.
      await transport.transcribe(
        webm(),
        settings({
          transcription_service: 'whisper',
          enable_language_detection: false,
          preferred_transcription_language: 'de',
        }),
      );
      expect(openai.requests.at(-1)?.fields['language']).toBe('de');
      // No preferred language: the language spoken, with the chosen Scribe model and options.
      const result = await transport.transcribe(
        webm(),
        settings({
          transcription_service: 'elevenlabs',
          elevenlabs_model: 'scribe_v1_experimental',
          auto_detect_language: false,
          preferred_transcription_language: 'auto',
          speaker_language: 'fr',
        }),
      );
      expect(elevenlabs.requests.at(-1)?.fields).toEqual({
        model_id: 'scribe_v1_experimental',
        diarize: 'false',
        tag_audio_events: 'false',
        timestamps_granularity: 'word',
        language_code: 'fr',
      });
      expect(result.language).toBe('fr');
    });

    it('turns ElevenLabs’ errors into what the queue does next: wait as asked, or stop and keep the recording', async () => {
      const trial = await member(true);
      const transport = functionTranscriptionTransport(
        () => Promise.resolve(trial),
        () => true,
      );
      elevenlabs.queue.push(
        elevenLabsError(429, 'rate_limit_exceeded', 'Too many requests', { 'retry-after': '15' }),
        elevenLabsError(401, 'invalid_api_key', 'Invalid API key'),
        elevenLabsError(400, 'invalid_parameters', 'The audio file is empty'),
        elevenLabsError(500, 'internal_error', 'Internal server error'),
      );
      const failures: TranscriptionFailure[] = [];
      for (let i = 0; i < 4; i++)
        failures.push(
          await transport.transcribe(webm(), settings({ transcription_service: 'elevenlabs' })).then(
            () => {
              throw new Error('expected a failure');
            },
            (error: unknown) => error as TranscriptionFailure,
          ),
        );
      expect(failures.map((f) => [f.name, f.retryable, f.retryAfterMs, f.offline])).toEqual([
        ['TranscriptionFailure', true, 15_000, false],
        ['TranscriptionFailure', true, 3_600_000, false],
        ['TranscriptionFailure', false, null, false],
        ['TranscriptionFailure', true, null, false],
      ]);
      expect(failures[2]?.message).toBe(
        'ElevenLabs could not transcribe this recording: The audio file is empty',
      );
      for (const failure of failures) expect(failure.message).not.toContain(ELEVENLABS_KEY);
    });
  });

  it('answers bad requests clearly without calling any provider', async () => {
    const trial = await member(true);
    const before = openai.requests.length + elevenlabs.requests.length;
    const bad = [
      await call(trial, recording({ provider: 'someone-else' })),
      await call(trial, recording({ provider: 'whisper', language: 'English!' })),
      await call(trial, recording({ provider: 'whisper' }, 10, 'text/plain')),
      await call(trial, recording({ provider: 'whisper' }, 26 * 1024 * 1024)),
    ];
    expect(bad.map(({ status, body }) => [status, body['code']])).toEqual([
      [400, 'provider_unknown'],
      [400, 'language_invalid'],
      [415, 'audio_type'],
      [413, 'audio_too_large'],
    ]);
    expect(openai.requests.length + elevenlabs.requests.length).toBe(before);
  }, 60_000);
});
