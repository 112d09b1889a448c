import { describe, expect, it } from 'vitest';

import { defaultUserSettings } from '../../../db/entities/user-settings.ts';
import { chosenTransport } from './chosen-transport.ts';
import {
  type LocalTranscriber,
  localTranscriptionTransport,
  MODEL_NOT_DOWNLOADED,
} from './local-transcription-transport.ts';
import { TranscriptionFailure, type TranscriptionTransport } from './transcription-transport.ts';

const settings = defaultUserSettings('0000aaaa-0000-7000-8000-0000000000e1');
const audio = new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/webm' });
const samples = () => Promise.resolve(new Float32Array(16_000));

/** The worker's answers, as local-whisper.ts gives them (the worker needs a browser). */
function transcriber(answer: () => Promise<Awaited<ReturnType<LocalTranscriber['transcribe']>>>) {
  const asked: (string | null)[] = [];
  const port: LocalTranscriber = {
    transcribe: (_samples, language) => {
      asked.push(language);
      return answer();
    },
  };
  return { port, asked };
}

async function failureOf(promise: Promise<unknown>): Promise<TranscriptionFailure> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof TranscriptionFailure))
    throw new Error(`expected a TranscriptionFailure, got ${String(error)}`);
  return error;
}

describe('Local Processing transport', () => {
  const words = {
    text: 'Auf diesem Gerät.',
    language: 'de',
    segments: [{ start: 0, end: 2, text: 'Auf diesem Gerät.' }],
  };

  it('asks Whisper for the fixed language, or lets it detect one, and returns its words and timings', async () => {
    const { port, asked } = transcriber(() => Promise.resolve(words));
    const transport = localTranscriptionTransport(port, samples);
    expect(await transport.transcribe(audio, settings)).toEqual(words);
    await transport.transcribe(audio, {
      ...settings,
      auto_detect_language: false,
      preferred_transcription_language: 'de',
    });
    expect(asked).toEqual([null, 'de']);
    expect(transport.worksOffline?.(settings)).toBe(true);
  });

  it('leaves out punctuation when the user turned auto_punctuation off, timings kept', async () => {
    const { port } = transcriber(() => Promise.resolve(words));
    const plain = await localTranscriptionTransport(port, samples).transcribe(audio, {
      ...settings,
      auto_punctuation: false,
    });
    expect(plain).toEqual({
      text: 'Auf diesem Gerät',
      language: 'de',
      segments: [{ start: 0, end: 2, text: 'Auf diesem Gerät' }],
    });
  });

  it('fails for good, saying what to do, when the model is not on the device', async () => {
    const missing = Object.assign(new Error('The on-device model is not downloaded.'), {
      missingModel: true,
    });
    const { port } = transcriber(() => Promise.reject(missing));
    const failure = await failureOf(localTranscriptionTransport(port, samples).transcribe(audio, settings));
    expect(failure.message).toBe(MODEL_NOT_DOWNLOADED);
    expect(failure.retryable).toBe(false);
  });

  it('retries a failed run, and gives up at once on audio the browser cannot decode', async () => {
    const { port } = transcriber(() => Promise.reject(new Error('memory access out of bounds')));
    const crashed = await failureOf(localTranscriptionTransport(port, samples).transcribe(audio, settings));
    expect(crashed.retryable).toBe(true);
    expect(crashed.message).toContain('memory access out of bounds');

    const undecodable = localTranscriptionTransport(port, () =>
      Promise.reject(new DOMException('Unable to decode audio data', 'EncodingError')),
    );
    const failure = await failureOf(undecodable.transcribe(audio, settings));
    expect(failure.retryable).toBe(false);
    expect(failure.message).toContain('Unable to decode audio data');
  });
});

describe('chosen transport', () => {
  const named = (name: string, offline = false): TranscriptionTransport => ({
    transcribe: () => Promise.resolve({ text: name, language: null, segments: [] }),
    worksOffline: () => offline,
  });
  const transport = chosenTransport({
    viaFunction: named('function'),
    viaOpenRouter: named('openrouter'),
    onDevice: named('device', true),
  });

  it('sends each job to the service chosen when it runs, and only on-device jobs run offline', async () => {
    const run = async (service: string) =>
      (await transport.transcribe(audio, { ...settings, transcription_service: service })).text;
    expect(await run('whisper')).toBe('function');
    expect(await run('elevenlabs')).toBe('function');
    expect(await run('openrouter')).toBe('openrouter');
    expect(await run('local')).toBe('device');
    expect(transport.worksOffline?.({ ...settings, transcription_service: 'local' })).toBe(true);
    expect(transport.worksOffline?.({ ...settings, transcription_service: 'whisper' })).toBe(false);
  });

  it('keeps the audio on the device when the user chose on-device processing in any of its settings', async () => {
    const run = async (chosen: Partial<typeof settings>) =>
      (await transport.transcribe(audio, { ...settings, transcription_service: 'whisper', ...chosen })).text;
    expect(await run({ transcription_model: 'local' })).toBe('device');
    expect(await run({ audio_processing: 'local' })).toBe('device');
    expect(await run({ transcription_service: 'openrouter', audio_processing: 'local' })).toBe('device');
    expect(await run({})).toBe('function');
  });

  it('refuses a service this version does not know, saying so', async () => {
    const failure = await failureOf(
      transport.transcribe(audio, { ...settings, transcription_service: 'quantum' }),
    );
    expect(failure.retryable).toBe(false);
    expect(failure.message).toContain('"quantum"');
  });
});
