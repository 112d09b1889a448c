import type { SupabaseClient } from '@supabase/supabase-js';
import { DetailedError, Upload } from 'tus-js-client';

import {
  AudioUploadError,
  type AudioDownloadTransport,
  type AudioUploadRequest,
  type AudioUploadTransport,
} from '../../sync/audio-upload-transport.ts';
import type { AudioRemoveTransport } from '../../sync/audio-remover.ts';
import type { AudioReplaceTransport } from '../../sync/audio-resealer.ts';

/** The private bucket of supabase/migrations/20261203000300_storage.sql. */
export const RECORDINGS_BUCKET = 'recordings';

/** Supabase's resumable endpoint takes 6 MiB chunks (its documented requirement for tus-js-client). */
const CHUNK_BYTES = 6 * 1024 * 1024;

/** Statuses that no retry can fix: a malformed request, too large, a type the bucket refuses. */
const PERMANENT = new Set([400, 413, 415]);

/**
 * Audio to and from Supabase Storage (ADR 0090): uploads with tus-js-client to /storage/v1/upload/resumable
 * (TUS), resuming the stored upload URL; downloads with supabase-js for playback elsewhere. The bearer is
 * the session's current access token, read per upload so a refreshed session is used.
 */
export function createStorageAudioTransport(
  client: SupabaseClient,
  supabaseUrl: string,
  anonKey: string,
): AudioUploadTransport & AudioDownloadTransport & AudioRemoveTransport & AudioReplaceTransport {
  return {
    async upload(request: AudioUploadRequest): Promise<void> {
      const { data } = await client.auth.getSession();
      const token = data.session?.access_token;
      if (!token) throw new AudioUploadError('Not signed in: audio waits for a session to upload', true);
      await new Promise<void>((resolve, reject) => {
        const upload = new Upload(request.data, {
          endpoint: `${supabaseUrl.replace(/\/+$/, '')}/storage/v1/upload/resumable`,
          uploadUrl: request.resumeUrl,
          headers: { authorization: `Bearer ${token}`, apikey: anonKey, 'x-upsert': 'true' },
          metadata: {
            bucketName: RECORDINGS_BUCKET,
            objectName: request.path,
            contentType: request.mimeType,
            cacheControl: '3600',
          },
          chunkSize: CHUNK_BYTES,
          // The uploader keeps the URL and retries with its own backoff (IndexedDB survives reloads).
          retryDelays: null,
          storeFingerprintForResuming: false,
          removeFingerprintOnSuccess: true,
          onUploadUrlAvailable: () => {
            if (upload.url) request.onProgress({ url: upload.url, offset: 0 });
          },
          onChunkComplete: (_chunk, accepted) => {
            if (upload.url) request.onProgress({ url: upload.url, offset: accepted });
          },
          onSuccess: () => resolve(),
          onError: (error) => reject(toUploadError(error)),
        });
        upload.start();
      });
    },

    /** Storage answers a removal of audio that is not there (any more) with an empty list, not an error. */
    async remove(path: string): Promise<void> {
      const { error } = await client.storage.from(RECORDINGS_BUCKET).remove([path]);
      if (error) throw error;
    },

    async download(path: string): Promise<Blob> {
      const { data, error } = await client.storage.from(RECORDINGS_BUCKET).download(path);
      if (error) throw error;
      return data;
    },

    async read(path: string): Promise<Blob | null> {
      const { data, error } = await client.storage.from(RECORDINGS_BUCKET).download(path);
      if (error && isObjectNotFound(error)) return null;
      if (error) throw error;
      return data;
    },

    /**
     * One upload with upsert: Storage swaps the object's bytes only once the new ones arrived whole. Not
     * resumable (tus-js-client takes no Blob outside the browser, and the resealer redoes a whole
     * recording after an interruption anyway).
     */
    async replace(path: string, data: Blob, mimeType: string): Promise<void> {
      const { error } = await client.storage
        .from(RECORDINGS_BUCKET)
        .upload(path, data, { contentType: mimeType, cacheControl: '3600', upsert: true });
      if (error) throw error;
    },
  };
}

/** Storage answers a missing object with 404, or (hosted, older API) 400 whose body says 404. */
function isObjectNotFound(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  return status === 404 || statusCode === '404';
}

function toUploadError(error: Error): AudioUploadError {
  const status = error instanceof DetailedError ? error.originalResponse?.getStatus() : undefined;
  return new AudioUploadError(error.message, status === undefined || !PERMANENT.has(status));
}
