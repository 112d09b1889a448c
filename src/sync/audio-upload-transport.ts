/**
 * The uploader's door to Storage (the real one: src/lib/sync/storage-audio-transport.ts). An upload is
 * resumable: the transport reports the upload URL as soon as the server created it and each offset the
 * server confirmed, so the uploader can store them and hand the URL back after a reload.
 */
interface AudioUploadProgress {
  url: string;
  offset: number;
}

export interface AudioUploadRequest {
  /** Object key inside the recordings bucket: `<user id>/<recording id>` (recordings.storage_path). */
  path: string;
  data: Blob;
  mimeType: string;
  /** The stored URL of an upload begun earlier, to continue from the server's offset. */
  resumeUrl: string | null;
  onProgress(progress: AudioUploadProgress): void;
}

export interface AudioUploadTransport {
  upload(request: AudioUploadRequest): Promise<void>;
}

/** What downloads recordings' audio for playback on a device that does not hold it. */
export interface AudioDownloadTransport {
  download(path: string): Promise<Blob>;
}

/**
 * An upload failure. `retryable` false means trying again cannot help (too large, a type the bucket
 * refuses, a malformed request): the upload stays 'failed' until the user retries.
 */
export class AudioUploadError extends Error {
  readonly retryable: boolean;

  constructor(message: string, retryable: boolean) {
    super(message);
    this.name = 'AudioUploadError';
    this.retryable = retryable;
  }
}
