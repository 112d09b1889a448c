import {
  AudioUploadError,
  type AudioDownloadTransport,
  type AudioUploadRequest,
  type AudioUploadTransport,
} from '../../sync/audio-upload-transport.ts';
import type { AudioRemoveTransport } from '../../sync/audio-remover.ts';

/**
 * An in-memory Storage that speaks the resumable contract: an upload URL per upload, the server's offset
 * for a URL it knows (what HEAD answers), bytes accepted chunk by chunk. `failAfterBytes` drops the
 * connection once that many bytes of an attempt have been accepted; `refuse` fails every upload for good;
 * `unreachable` fails removals.
 */
export class FakeAudioStorage implements AudioUploadTransport, AudioDownloadTransport, AudioRemoveTransport {
  readonly objects = new Map<string, Uint8Array<ArrayBuffer>>();
  readonly attempts: { path: string; resumeUrl: string | null; startOffset: number }[] = [];
  failAfterBytes: number | null = null;
  refuse: string | null = null;
  /** Removals fail (a network error) while set. */
  unreachable = false;
  readonly removals: string[] = [];
  readonly #uploads = new Map<string, { path: string; bytes: number[] }>();
  readonly #chunkBytes: number;
  #next = 0;

  constructor(chunkBytes = 4) {
    this.#chunkBytes = chunkBytes;
  }

  async upload(request: AudioUploadRequest): Promise<void> {
    if (this.refuse) throw new AudioUploadError(this.refuse, false);
    const data = new Uint8Array(await request.data.arrayBuffer());
    let url = request.resumeUrl;
    let upload = url ? this.#uploads.get(url) : undefined;
    if (!url || !upload) {
      url = `fake://upload/${++this.#next}`;
      upload = { path: request.path, bytes: [] };
      this.#uploads.set(url, upload);
      request.onProgress({ url, offset: 0 });
    }
    this.attempts.push({
      path: request.path,
      resumeUrl: request.resumeUrl,
      startOffset: upload.bytes.length,
    });
    let sent = 0;
    while (upload.bytes.length < data.length) {
      if (this.failAfterBytes !== null && sent >= this.failAfterBytes)
        throw new AudioUploadError('connection lost', true);
      const chunk = data.slice(upload.bytes.length, upload.bytes.length + this.#chunkBytes);
      upload.bytes.push(...chunk);
      sent += chunk.length;
      request.onProgress({ url, offset: upload.bytes.length });
    }
    this.objects.set(upload.path, Uint8Array.from(upload.bytes));
    this.#uploads.delete(url);
  }

  /** Like Storage: removing what is not there succeeds. */
  remove(path: string): Promise<void> {
    this.removals.push(path);
    if (this.unreachable) return Promise.reject(new Error('Failed to fetch'));
    this.objects.delete(path);
    return Promise.resolve();
  }

  download(path: string): Promise<Blob> {
    const bytes = this.objects.get(path);
    if (!bytes) return Promise.reject(new Error('Object not found'));
    return Promise.resolve(new Blob([Uint8Array.from(bytes)]));
  }
}
