// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { defaultUserSettings } from '../../../db/entities/user-settings.ts';
import { startOpenRouterStub, type OpenRouterStub } from '../../../../tests/stubs/openrouter-stub.ts';
import { openRouterTransport } from './openrouter-transport.ts';
import type { TranscriptionFailure } from './transcription-transport.ts';
import { encodeWav } from './wav-encoder.ts';

const KEY = 'sk-or-v1-the-users-own-key';

describe('OpenRouter transcription with the user’s own key', () => {
  let stub: OpenRouterStub;
  beforeAll(async () => {
    stub = await startOpenRouterStub('Ich war heute am See.');
  });
  afterAll(() => stub.close());

  const wav = new Blob([encodeWav(new Float32Array(1600).fill(0.25), 16_000)], { type: 'audio/wav' });
  const transport = (online = true) =>
    openRouterTransport({
      baseUrl: stub.url,
      fetch: (input, init) => fetch(input, init),
      toWav: () => Promise.resolve(wav),
      online: () => online,
    });
  const settings = {
    ...defaultUserSettings('u'),
    transcription_service: 'openrouter',
    openrouter_api_key: KEY,
    preferred_model: 'google/gemini-2.5-flash',
    auto_detect_language: false,
    preferred_transcription_language: 'de-DE',
  };

  it('sends the recording as WAV audio with the chosen model and the key, and returns the words', async () => {
    const result = await transport().transcribe(new Blob(['webm'], { type: 'audio/webm' }), settings);
    expect(result).toEqual({ text: 'Ich war heute am See.', language: 'de', segments: [] });
    const sent = stub.requests.at(-1);
    expect(sent?.headers['authorization']).toBe(`Bearer ${KEY}`);
    expect(sent?.body.model).toBe('google/gemini-2.5-flash');
    const [text, audio] = sent?.body.messages?.[0]?.content ?? [];
    expect(text).toMatchObject({ type: 'text', text: expect.stringContaining('"de"') });
    expect(audio).toMatchObject({ type: 'input_audio', input_audio: { format: 'wav' } });
    const bytes = Buffer.from(audio && 'input_audio' in audio ? audio.input_audio.data : '', 'base64');
    expect(bytes.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(bytes.length).toBe(wav.size);
  });

  it('names the language the settings choose in the instruction, and none while detection is on', async () => {
    const instructionFor = async (patch: Partial<typeof settings>) => {
      await transport().transcribe(new Blob(['x']), { ...settings, ...patch });
      const [text] = stub.requests.at(-1)?.body.messages?.[0]?.content ?? [];
      return text && 'text' in text ? text.text : '';
    };
    expect(await instructionFor({ auto_detect_language: true, enable_language_detection: true })).toContain(
      'Keep the language it is spoken in.',
    );
    expect(
      await instructionFor({
        auto_detect_language: true,
        enable_language_detection: false,
        preferred_transcription_language: 'it',
      }),
    ).toContain('"it"');
    expect(
      await instructionFor({ preferred_transcription_language: 'auto', speaker_language: 'fr' }),
    ).toContain('"fr"');
  });

  it('sends the model chosen from the user’s own models, and OpenRouter’s routing when none is set', async () => {
    // The settings row as Settings → Transcription saves it when one of the user's own models is chosen.
    const chosen = {
      ...settings,
      custom_models_array: ['mistralai/voxtral-small-24b-2507', 'google/gemini-2.5-pro'],
      preferred_model: 'mistralai/voxtral-small-24b-2507',
    };
    await transport().transcribe(new Blob(['x']), chosen);
    expect(stub.requests.at(-1)?.body.model).toBe('mistralai/voxtral-small-24b-2507');
    await transport().transcribe(new Blob(['x']), { ...chosen, preferred_model: '  ' });
    expect(stub.requests.at(-1)?.body.model).toBe('openrouter/auto');
  });

  it('turns each documented error into a reason, retrying only what can succeed later', async () => {
    stub.queue.push(
      { status: 401, body: { error: { code: 401, message: 'No auth credentials found' } } },
      { status: 402, body: { error: { code: 402, message: 'Insufficient credits' } } },
      { status: 400, body: { error: { code: 400, message: 'This model does not support audio input' } } },
      {
        status: 429,
        body: { error: { code: 429, message: 'Rate limit exceeded' } },
        headers: { 'retry-after': '30' },
      },
      { status: 502, body: { error: { code: 502, message: 'Provider returned error' } } },
    );
    const failures: TranscriptionFailure[] = [];
    for (let i = 0; i < 5; i++) {
      failures.push(
        await transport()
          .transcribe(new Blob(['x']), settings)
          .then(
            () => {
              throw new Error('expected a failure');
            },
            (error: unknown) => error as TranscriptionFailure,
          ),
      );
    }
    expect(failures.map((f) => [f.retryable, f.retryAfterMs])).toEqual([
      [false, null],
      [false, null],
      [false, null],
      [true, 30_000],
      [true, null],
    ]);
    expect(failures[0]?.message).toContain('did not accept your API key');
    expect(failures[1]?.message).toContain('no credits left');
    expect(failures[2]?.message).toContain('This model does not support audio input');
  });

  it('asks for a key before sending anything, and waits for a connection when offline', async () => {
    const before = stub.requests.length;
    await expect(
      transport().transcribe(new Blob(['x']), { ...settings, openrouter_api_key: null }),
    ).rejects.toMatchObject({
      retryable: false,
      message: expect.stringContaining('Add your OpenRouter API key'),
    });
    expect(stub.requests.length).toBe(before);
    const offline = openRouterTransport({
      baseUrl: 'http://127.0.0.1:9',
      fetch: (input, init) => fetch(input, init),
      toWav: () => Promise.resolve(wav),
      online: () => false,
    });
    await expect(offline.transcribe(new Blob(['x']), settings)).rejects.toMatchObject({
      retryable: true,
      offline: true,
    });
  });
});

describe('WAV encoding', () => {
  it('writes a 16-bit mono PCM header and clamps samples', () => {
    const view = new DataView(encodeWav(new Float32Array([0, 1, -1, 2]), 16_000));
    const ascii = (at: number) => String.fromCharCode(...[0, 1, 2, 3].map((i) => view.getUint8(at + i)));
    expect([ascii(0), ascii(8), ascii(12), ascii(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect([
      view.getUint16(20, true),
      view.getUint16(22, true),
      view.getUint32(24, true),
      view.getUint16(34, true),
    ]).toEqual([1, 1, 16_000, 16]);
    expect(view.getUint32(40, true)).toBe(8);
    expect([1, 2, 3, 4].map((i) => view.getInt16(42 + i * 2, true))).toEqual([0, 32767, -32768, 32767]);
  });
});
