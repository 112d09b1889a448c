import runtimeFactoryUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.mjs?url';
import runtimeWasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url';

import { appConfig } from '../../../lib/config.ts';
import type {
  LocalSegment,
  LocalWhisperReply,
  LocalWhisperRequest,
  LocalWhisperTask,
} from './local-whisper-messages.ts';
import {
  isModelOnDevice,
  LOCAL_WHISPER_MODEL,
  modelFileUrl,
  removeModelFromDevice,
} from './local-whisper-model.ts';
import workerUrl from './local-whisper.worker.ts?worker&url';

/**
 * What Local Processing runs besides the model: the worker script and the ONNX runtime (its loader and
 * 27 MB of wasm). None is precached; the service worker keeps each once fetched (pwa.config.ts).
 */
const RUNTIME_FILES = [workerUrl, runtimeFactoryUrl, runtimeWasmUrl];

export interface DownloadProgress {
  loaded: number;
  total: number;
}

/** Why the on-device model could not be used: not downloaded (the user can act), or broken. */
class LocalWhisperError extends Error {
  readonly missingModel: boolean;

  constructor(message: string, missingModel: boolean) {
    super(message);
    this.name = 'LocalWhisperError';
    this.missingModel = missingModel;
  }
}

type Pending = {
  resolve: (reply: LocalWhisperReply) => void;
  onProgress?: (progress: DownloadProgress) => void;
};

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

/** One worker for the page, started on first use: the runtime and model stay loaded between jobs. */
function ask(
  task: LocalWhisperTask,
  onProgress?: (progress: DownloadProgress) => void,
): Promise<LocalWhisperReply> {
  if (!worker) {
    worker = new Worker(workerUrl, { type: 'module' });
    worker.addEventListener('message', (event: MessageEvent<LocalWhisperReply>) => {
      const reply = event.data;
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      if (reply.type === 'progress') {
        waiting.onProgress?.({ loaded: reply.loaded, total: reply.total });
        return;
      }
      pending.delete(reply.id);
      waiting.resolve(reply);
    });
    worker.addEventListener('error', (event) => {
      // The worker itself failed to start (its script could not load, e.g. offline before first use).
      const message = event.message || 'The on-device transcriber could not start.';
      for (const [id, waiting] of pending)
        waiting.resolve({ type: 'failed', id, message, missingModel: false });
      pending.clear();
      worker?.terminate();
      worker = null;
    });
  }
  const id = nextId++;
  const started = worker;
  return new Promise((resolve) => {
    pending.set(id, { resolve, ...(onProgress ? { onProgress } : {}) });
    const message: LocalWhisperRequest = { ...task, id, modelHost: appConfig.modelHost };
    started.postMessage(message, message.type === 'transcribe' ? [message.samples.buffer] : []);
  });
}

function unwrap<T extends LocalWhisperReply['type']>(
  reply: LocalWhisperReply,
  expected: T,
): Extract<LocalWhisperReply, { type: T }> {
  if (reply.type === 'failed') throw new LocalWhisperError(reply.message, reply.missingModel);
  if (reply.type !== expected) throw new LocalWhisperError(`Unexpected reply ${reply.type}`, false);
  return reply as Extract<LocalWhisperReply, { type: T }>;
}

/** Local Processing: Whisper in this browser, with a model downloaded only when the user asks. */
export const localWhisper = {
  isOnDevice: () => isModelOnDevice(appConfig.modelHost),

  /** The download's size in bytes, asked of the model host before downloading (null offline). */
  async downloadSize(): Promise<number | null> {
    try {
      const sizes = await Promise.all(
        LOCAL_WHISPER_MODEL.files.map(async (file) => {
          const response = await fetch(modelFileUrl(appConfig.modelHost, file), { method: 'HEAD' });
          const length = Number(response.headers.get('content-length'));
          if (!response.ok || !Number.isFinite(length) || length <= 0) throw new Error(file);
          return length;
        }),
      );
      return sizes.reduce((sum, size) => sum + size, 0);
    } catch {
      return null;
    }
  },

  async download(onProgress: (progress: DownloadProgress) => void): Promise<void> {
    unwrap(await ask({ type: 'load', download: true }, onProgress), 'loaded');
  },

  async transcribe(
    samples: Float32Array,
    language: string | null,
  ): Promise<{ text: string; language: string | null; segments: LocalSegment[] }> {
    return unwrap(await ask({ type: 'transcribe', samples, language }), 'transcribed');
  },

  remove: () => removeModelFromDevice(appConfig.modelHost),

  /**
   * An app update gives the worker and runtime new addresses, which nothing has fetched yet: with the
   * model on the device, fetch them now (online), through the service worker that keeps them, so
   * on-device transcription still starts offline after the update. Already kept files cost a cache hit.
   */
  async keepRuntimeReady(): Promise<void> {
    if (!(await isModelOnDevice(appConfig.modelHost))) return;
    await Promise.all(
      RUNTIME_FILES.map(async (url) => {
        const response = await fetch(url);
        // The service worker stores its own copy; this tab needs none of the body.
        await response.body?.cancel();
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      }),
    );
  },
};
