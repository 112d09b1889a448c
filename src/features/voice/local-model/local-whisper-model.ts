/**
 * The Whisper model Local Processing runs in the browser: an ONNX export on the Hugging Face hub,
 * in 8-bit weights (about a quarter of the float size, with little loss for speech). Whisper Base is
 * multilingual and small enough to download on a phone; the files below are everything
 * transformers.js reads for it, so "on this device" means every one of them is in the model cache.
 */
export const LOCAL_WHISPER_MODEL = {
  id: 'onnx-community/whisper-base',
  revision: 'main',
  dtype: 'q8',
  files: [
    'config.json',
    'generation_config.json',
    'preprocessor_config.json',
    'tokenizer.json',
    'tokenizer_config.json',
    'onnx/encoder_model_quantized.onnx',
    'onnx/decoder_model_merged_quantized.onnx',
  ],
} as const;

/** transformers.js keeps downloaded model files in this Cache Storage cache, keyed by their URL. */
const MODEL_CACHE_NAME = 'transformers-cache';

export function modelFileUrl(modelHost: string, file: string): string {
  const { id, revision } = LOCAL_WHISPER_MODEL;
  return `${modelHost}${id}/resolve/${revision}/${file}`;
}

/** Whether every file of the model is in the model cache, so it can run without a connection. */
export async function isModelOnDevice(modelHost: string): Promise<boolean> {
  if (typeof caches === 'undefined') return false;
  const cache = await caches.open(MODEL_CACHE_NAME);
  const found = await Promise.all(
    LOCAL_WHISPER_MODEL.files.map((file) => cache.match(modelFileUrl(modelHost, file))),
  );
  return found.every((response) => response !== undefined);
}

/** Removes the model's files from the device (the runtime stays: it is part of the app). */
export async function removeModelFromDevice(modelHost: string): Promise<void> {
  if (typeof caches === 'undefined') return;
  const cache = await caches.open(MODEL_CACHE_NAME);
  await Promise.all(LOCAL_WHISPER_MODEL.files.map((file) => cache.delete(modelFileUrl(modelHost, file))));
}
