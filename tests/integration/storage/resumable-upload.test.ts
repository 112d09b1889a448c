// @vitest-environment node
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TARGETS } from '../backend/support/backend-targets.ts';
import { signUpUser, startSyncBackend } from '../sync/support/sync-backend.ts';
import type { SignedInUser, SyncBackend } from '../sync/support/sync-backend.ts';

const audio = (size: number) => Buffer.from(Uint8Array.from({ length: size }, (_, i) => (i * 13) % 251));

function tusUpload(
  backend: SyncBackend,
  user: SignedInUser,
  bytes: Buffer,
  objectName: string,
  options: Partial<tus.UploadOptions> = {},
): tus.Upload {
  return new tus.Upload(bytes, {
    endpoint: `${backend.url}/storage/v1/upload/resumable`,
    headers: { authorization: `Bearer ${user.token}`, apikey: backend.anonKey, 'x-upsert': 'true' },
    metadata: { bucketName: 'recordings', objectName, contentType: 'audio/webm' },
    chunkSize: 1000,
    retryDelays: null,
    ...options,
  });
}

function run(upload: tus.Upload): Promise<void> {
  return new Promise((resolve, reject) => {
    upload.options.onSuccess = () => resolve();
    upload.options.onError = (error) => reject(error);
    upload.start();
  });
}

function urlOf(upload: tus.Upload): string {
  if (!upload.url) throw new Error('the upload has no URL yet');
  return upload.url;
}

async function bytesOf(blob: Blob | null): Promise<ArrayBuffer> {
  if (!blob) throw new Error('no data downloaded');
  return blob.arrayBuffer();
}

for (const target of TARGETS) {
  describe(`Resumable (TUS) uploads with tus-js-client on ${target}`, () => {
    let backend: SyncBackend;
    let alice: SignedInUser;
    let bob: SignedInUser;

    beforeAll(async () => {
      backend = await startSyncBackend(target);
      alice = await signUpUser(backend);
      bob = await signUpUser(backend);
    }, 90_000);
    afterAll(async () => backend.stop());

    it('an upload interrupted after its first chunk resumes from the HEAD offset and stores identical bytes', async () => {
      const bytes = audio(2500);
      const name = `${alice.id}/resumed`;
      const first = tusUpload(backend, alice, bytes, name);
      await new Promise<void>((resolve, reject) => {
        first.options.onChunkComplete = () => {
          void first.abort().then(resolve, reject);
        };
        first.options.onError = reject;
        first.start();
      });
      const uploadUrl = urlOf(first);
      expect(uploadUrl).toMatch(/\/storage\/v1\/upload\/resumable\/[0-9a-f-]{36}$/);

      const head = await fetch(uploadUrl, {
        method: 'HEAD',
        headers: {
          authorization: `Bearer ${alice.token}`,
          apikey: backend.anonKey,
          'Tus-Resumable': '1.0.0',
        },
      });
      expect(head.status).toBe(200);
      expect(head.headers.get('upload-offset')).toBe('1000');
      expect(head.headers.get('upload-length')).toBe('2500');
      // Not there yet: the object appears only when the last byte arrives.
      expect((await alice.supabase.storage.from('recordings').download(name)).error?.message).toBe(
        'Object not found',
      );

      const offsets: number[] = [];
      const resumed = tusUpload(backend, alice, bytes, name, {
        uploadUrl,
        onProgress: (sent) => offsets.push(sent),
      });
      await run(resumed);
      // It starts from the confirmed offset, never from 0.
      expect(Math.min(...offsets)).toBe(1000);
      const down = await alice.supabase.storage.from('recordings').download(name);
      expect(down.error).toBeNull();
      expect(Buffer.from(await bytesOf(down.data)).equals(bytes)).toBe(true);
    });

    it('another user cannot see or continue the upload, nor create one in the owner folder', async () => {
      const bytes = audio(1500);
      const first = tusUpload(backend, alice, bytes, `${alice.id}/guarded`);
      await new Promise<void>((resolve, reject) => {
        first.options.onChunkComplete = () => void first.abort().then(resolve, reject);
        first.options.onError = reject;
        first.start();
      });
      const headers = {
        authorization: `Bearer ${bob.token}`,
        apikey: backend.anonKey,
        'Tus-Resumable': '1.0.0',
      };
      expect((await fetch(urlOf(first), { method: 'HEAD', headers })).status).toBe(404);
      const patch = await fetch(urlOf(first), {
        method: 'PATCH',
        headers: { ...headers, 'Upload-Offset': '1000', 'Content-Type': 'application/offset+octet-stream' },
        body: audio(500),
      });
      expect(patch.status).toBe(404);
      await expect(run(tusUpload(backend, bob, bytes, `${alice.id}/planted`))).rejects.toThrow(/403/);
    });

    it('refuses a wrong offset, a wrong content type and an upload larger than the bucket allows', async () => {
      const headers = {
        authorization: `Bearer ${alice.token}`,
        apikey: backend.anonKey,
        'Tus-Resumable': '1.0.0',
      };
      const b64 = (text: string) => Buffer.from(text).toString('base64');
      const metadata = `bucketName ${b64('recordings')},objectName ${b64(`${alice.id}/raw`)},contentType ${b64('audio/webm')}`;
      const created = await fetch(`${backend.url}/storage/v1/upload/resumable`, {
        method: 'POST',
        headers: { ...headers, 'Upload-Length': '10', 'Upload-Metadata': metadata },
      });
      expect(created.status).toBe(201);
      const location = new URL(created.headers.get('location') ?? '', backend.url).toString();
      const wrongOffset = await fetch(location, {
        method: 'PATCH',
        headers: { ...headers, 'Upload-Offset': '5', 'Content-Type': 'application/offset+octet-stream' },
        body: audio(5),
      });
      expect(wrongOffset.status).toBe(409);
      const wrongType = await fetch(location, {
        method: 'PATCH',
        headers: { ...headers, 'Upload-Offset': '0', 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(wrongType.status).toBe(415);
      const huge = await fetch(`${backend.url}/storage/v1/upload/resumable`, {
        method: 'POST',
        headers: { ...headers, 'Upload-Length': String(60 * 1024 * 1024), 'Upload-Metadata': metadata },
      });
      expect(huge.status).toBe(413);
      expect(await huge.json()).toMatchObject({ message: 'The object exceeded the maximum allowed size' });
      const noLength = await fetch(`${backend.url}/storage/v1/upload/resumable`, {
        method: 'POST',
        headers: { ...headers, 'Upload-Metadata': 'garbage' },
      });
      expect(noLength.status).toBe(400);
    });
  });
}
