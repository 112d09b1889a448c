/// <reference lib="webworker" />
import {
  type AutomaticSpeechRecognitionPipeline,
  env,
  pipeline,
  type ProgressInfo,
} from '@huggingface/transformers';
import runtimeFactoryUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import runtimeWasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';

import type { LocalWhisperReply, LocalWhisperRequest } from './local-whisper-messages.ts';
import { isModelOnDevice, LOCAL_WHISPER_MODEL } from './local-whisper-model.ts';
import { transcribeSamples } from './whisper-transcribe.ts';

/**
 * Runs Whisper (transformers.js on onnxruntime-web) off the main thread. The runtime comes from
 * Murmur's own origin, never a CDN; model files come from the configured hub and stay in the
 * browser's model cache, so after one download transcription works offline. A load that must not
 * download (`download: false`, as every transcription) fails with `missingModel` when a file is not
 * on the device, rather than fetching tens of megabytes the user did not ask for.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
const reply = (message: LocalWhisperReply) => scope.postMessage(message);

env.allowLocalModels = false;
env.useBrowserCache = true;
// The runtime's wasm is fetched from Murmur's origin and kept by the service worker (pwa.config.ts),
// which also re-fetches it after an app update; a second copy in the model cache would only cost space.
env.useWasmCache = false;
const onnx = env.backends.onnx;
if (onnx.wasm) onnx.wasm.wasmPaths = { mjs: runtimeFactoryUrl, wasm: runtimeWasmUrl };

let loading: Promise<AutomaticSpeechRecognitionPipeline> | null = null;

class MissingModel extends Error {}

function load(
  modelHost: string,
  download: boolean,
  onProgress: (info: ProgressInfo) => void,
): Promise<AutomaticSpeechRecognitionPipeline> {
  if (loading) return loading;
  const started = (async () => {
    if (!download && !(await isModelOnDevice(modelHost)))
      throw new MissingModel('The on-device model is not downloaded.');
    env.remoteHost = modelHost;
    return pipeline('automatic-speech-recognition', LOCAL_WHISPER_MODEL.id, {
      revision: LOCAL_WHISPER_MODEL.revision,
      dtype: LOCAL_WHISPER_MODEL.dtype,
      device: 'wasm',
      progress_callback: onProgress,
    });
  })();
  loading = started;
  // A failed load (offline, not downloaded, a damaged file) may succeed next time: forget it.
  started.catch(() => {
    if (loading === started) loading = null;
  });
  return started;
}

function failure(id: number, error: unknown): LocalWhisperReply {
  const message = error instanceof Error ? error.message : String(error);
  return { type: 'failed', id, message, missingModel: error instanceof MissingModel };
}

scope.addEventListener('message', (event: MessageEvent<LocalWhisperRequest>) => {
  const request = event.data;
  if (request.type === 'load') {
    load(request.modelHost, request.download, (info) => {
      if (info.status === 'progress_total')
        reply({ type: 'progress', id: request.id, loaded: info.loaded, total: info.total });
    }).then(
      () => reply({ type: 'loaded', id: request.id }),
      (error: unknown) => reply(failure(request.id, error)),
    );
    return;
  }
  load(request.modelHost, false, () => undefined)
    .then(async (transcriber) => {
      const { text, language, segments } = await transcribeSamples(
        transcriber,
        request.samples,
        request.language,
      );
      reply({ type: 'transcribed', id: request.id, text, language, segments });
    })
    .catch((error: unknown) => reply(failure(request.id, error)));
});
