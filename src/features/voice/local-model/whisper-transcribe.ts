import { type AutomaticSpeechRecognitionPipeline, Tensor } from '@huggingface/transformers';

import type { LocalSegment } from './local-whisper-messages.ts';

const SAMPLE_RATE = 16_000;

/**
 * The language Whisper hears in the first 30 seconds: one decoder step after <|startoftranscript|>,
 * and the likeliest of the model's language tokens (what openai-whisper's detect_language does;
 * transformers.js would otherwise assume English).
 */
async function detectLanguage(
  transcriber: AutomaticSpeechRecognitionPipeline,
  samples: Float32Array,
): Promise<string | null> {
  const config = transcriber.model.generation_config as {
    decoder_start_token_id?: number;
    lang_to_id?: Record<string, number>;
  } | null;
  const languages = Object.entries(config?.lang_to_id ?? {});
  if (!config?.decoder_start_token_id || languages.length === 0) return null;
  const { input_features } = (await transcriber.processor(samples.subarray(0, 30 * SAMPLE_RATE))) as {
    input_features: Tensor;
  };
  const output = (await transcriber.model.forward({
    input_features,
    decoder_input_ids: new Tensor('int64', BigInt64Array.of(BigInt(config.decoder_start_token_id)), [1, 1]),
  })) as { logits: Tensor };
  const logits = output.logits.data as Float32Array;
  let best: [string, number] | null = null;
  for (const [token, id] of languages) {
    const score = logits[id] ?? -Infinity;
    if (!best || score > best[1]) best = [token, score];
  }
  return best ? best[0].replace(/^<\|(.+)\|>$/, '$1') : null;
}

/**
 * Whisper over the whole recording in 30 s windows overlapping by 5 s, with its timestamps, so the
 * transcript keeps timed segments (captions in the archive) as a service's does.
 */
export async function transcribeSamples(
  transcriber: AutomaticSpeechRecognitionPipeline,
  samples: Float32Array,
  asked: string | null,
): Promise<{ text: string; language: string | null; segments: LocalSegment[] }> {
  const language = asked ?? (await detectLanguage(transcriber, samples));
  const output = await transcriber(samples, {
    chunk_length_s: 30,
    stride_length_s: 5,
    return_timestamps: true,
    task: 'transcribe',
    ...(language ? { language } : {}),
  });
  // The end of the last window is null when Whisper stopped mid-sentence (the types say number).
  const result = (Array.isArray(output) ? output[0] : output) as
    { text: string; chunks?: { timestamp: [number | null, number | null]; text: string }[] } | undefined;
  const duration = samples.length / SAMPLE_RATE;
  const segments = (result?.chunks ?? []).map((chunk) => {
    const [start, end] = chunk.timestamp;
    return { start: start ?? 0, end: end ?? Math.max(start ?? 0, duration), text: chunk.text.trim() };
  });
  return { text: (result?.text ?? '').trim(), language, segments };
}
