// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TARGETS } from '../backend/support/backend-targets.ts';
import { client } from '../backend/support/clients.ts';
import { serviceClient, signUpUser, startSyncBackend } from '../sync/support/sync-backend.ts';
import type { SignedInUser, SyncBackend } from '../sync/support/sync-backend.ts';

const audio = (size: number, seed = 7) => Uint8Array.from({ length: size }, (_, i) => (i * seed) % 251);

async function bytesOf(blob: Blob | null): Promise<ArrayBuffer> {
  if (!blob) throw new Error('no data downloaded');
  return blob.arrayBuffer();
}

for (const target of TARGETS) {
  describe(`Storage API through supabase-js on ${target}`, () => {
    let backend: SyncBackend;
    let alice: SignedInUser;
    let bob: SignedInUser;

    beforeAll(async () => {
      backend = await startSyncBackend(target);
      alice = await signUpUser(backend);
      bob = await signUpUser(backend);
    }, 90_000);
    afterAll(async () => backend.stop());

    it('uploads, lists, downloads and removes a recording in the owner folder', async () => {
      const bytes = audio(3000);
      const bucket = alice.supabase.storage.from('recordings');
      const up = await bucket.upload(`${alice.id}/rec-1`, bytes, { contentType: 'audio/webm' });
      expect(up.error).toBeNull();
      expect(up.data?.fullPath).toBe(`recordings/${alice.id}/rec-1`);

      const listed = await bucket.list(alice.id);
      expect(listed.error).toBeNull();
      expect(listed.data?.map((entry) => entry.name)).toEqual(['rec-1']);
      expect(listed.data?.[0]?.metadata?.['size']).toBe(3000);

      const down = await bucket.download(`${alice.id}/rec-1`);
      expect(down.error).toBeNull();
      expect(down.data?.type).toBe('audio/webm');
      expect(new Uint8Array(await bytesOf(down.data))).toEqual(bytes);

      const removed = await bucket.remove([`${alice.id}/rec-1`]);
      expect(removed.error).toBeNull();
      expect(removed.data?.map((row) => row.name)).toEqual([`${alice.id}/rec-1`]);
      const gone = await bucket.download(`${alice.id}/rec-1`);
      expect(gone.error?.message).toBe('Object not found');
    });

    it('uploads a Blob (multipart) and refuses a second upload without upsert, replaces with it', async () => {
      const bucket = alice.supabase.storage.from('recordings');
      const path = `${alice.id}/rec-blob`;
      const first = await bucket.upload(path, new Blob([audio(10)], { type: 'audio/ogg' }));
      expect(first.error).toBeNull();
      const again = await bucket.upload(path, new Blob([audio(20)], { type: 'audio/ogg' }));
      expect(again.error?.message).toBe('The resource already exists');
      const replaced = await bucket.upload(path, new Blob([audio(20, 3)], { type: 'audio/ogg' }), {
        upsert: true,
      });
      expect(replaced.error).toBeNull();
      const down = await bucket.download(path);
      expect(new Uint8Array(await bytesOf(down.data))).toEqual(audio(20, 3));
    });

    it('RLS: another user cannot read, list, overwrite or delete the audio, nor write into its folder', async () => {
      const path = `${alice.id}/private`;
      expect(
        (
          await alice.supabase.storage
            .from('recordings')
            .upload(path, audio(50), { contentType: 'audio/webm' })
        ).error,
      ).toBeNull();
      const theirs = bob.supabase.storage.from('recordings');
      expect((await theirs.download(path)).error?.message).toBe('Object not found');
      expect((await theirs.list(alice.id)).data).toEqual([]);
      const overwrite = await theirs.upload(path, audio(5), { contentType: 'audio/webm', upsert: true });
      expect(overwrite.error?.message).toMatch(/row-level security/);
      const intoFolder = await theirs.upload(`${alice.id}/planted`, audio(5), { contentType: 'audio/webm' });
      expect(intoFolder.error?.message).toMatch(/row-level security/);
      expect((await theirs.remove([path])).data).toEqual([]);
      const still = await alice.supabase.storage.from('recordings').download(path);
      expect(new Uint8Array(await bytesOf(still.data))).toEqual(audio(50));
    });

    it('RLS: the anon key alone can neither upload nor download', async () => {
      const anon = client(backend.url, backend.anonKey).storage.from('recordings');
      expect(
        (await anon.upload(`${alice.id}/anon`, audio(5), { contentType: 'audio/webm' })).error?.message,
      ).toMatch(/row-level security/);
      const path = `${alice.id}/anon-read`;
      await alice.supabase.storage.from('recordings').upload(path, audio(5), { contentType: 'audio/webm' });
      expect((await anon.download(path)).error?.message).toBe('Object not found');
    });

    it('refuses too large objects, wrong types, missing buckets and malformed keys with clear errors', async () => {
      const service = serviceClient(backend);
      const created = await service.storage.createBucket('tiny', { public: false, fileSizeLimit: 100 });
      expect(created.error).toBeNull();
      const big = await service.storage
        .from('tiny')
        .upload('x/big', audio(101), { contentType: 'audio/webm' });
      expect(big.error?.message).toBe('The object exceeded the maximum allowed size');
      expect((big.error as { status?: number } | null)?.status).toBe(413);

      const text = await alice.supabase.storage.from('recordings').upload(`${alice.id}/notes.txt`, audio(5), {
        contentType: 'text/plain',
      });
      expect(text.error?.message).toMatch(/mime type text\/plain is not supported/);

      const nobucket = await alice.supabase.storage.from('nope').upload(`${alice.id}/a`, audio(5));
      expect(nobucket.error?.message).toBe('Bucket not found');

      // Empty and control-character segments, and `..` however its slash is encoded (the key is judged as
      // decoded), are refused.
      for (const key of [
        `${alice.id}//x%01`,
        `${alice.id}/..%2fx`,
        `${alice.id}/..%2F..%2Fescape`,
        `${alice.id}%2f..%2fx`,
      ]) {
        const refused = await fetch(`${backend.url}/storage/v1/object/recordings/${key}`, {
          method: 'POST',
          headers: {
            apikey: backend.anonKey,
            authorization: `Bearer ${alice.token}`,
            'content-type': 'audio/webm',
          },
          body: audio(5),
        });
        expect(refused.status, key).toBe(400);
        expect(await refused.json()).toMatchObject({ statusCode: '400', error: 'InvalidKey' });
      }

      const badJson = await fetch(`${backend.url}/storage/v1/object/recordings`, {
        method: 'DELETE',
        headers: {
          apikey: backend.anonKey,
          authorization: `Bearer ${alice.token}`,
          'content-type': 'application/json',
        },
        body: '{"prefixes":',
      });
      expect(badJson.status).toBe(400);

      const badToken = await fetch(
        `${backend.url}/storage/v1/object/authenticated/recordings/${alice.id}/x`,
        {
          headers: { apikey: backend.anonKey, authorization: 'Bearer not.a.token' },
        },
      );
      expect(badToken.status).toBe(403);

      const noKey = await fetch(`${backend.url}/storage/v1/object/authenticated/recordings/${alice.id}/x`);
      expect(noKey.status).toBe(401);

      const brokenForm = await fetch(`${backend.url}/storage/v1/object/recordings/${alice.id}/form`, {
        method: 'POST',
        headers: {
          apikey: backend.anonKey,
          authorization: `Bearer ${alice.token}`,
          'content-type': 'multipart/form-data; boundary=xyz',
        },
        body: '--xyz\r\nnot a part',
      });
      expect(brokenForm.status).toBe(400);
      expect(await brokenForm.json()).toMatchObject({
        statusCode: '400',
        message: 'Malformed multipart body',
      });

      const unknownUpload = await fetch(`${backend.url}/storage/v1/upload/resumable/not-an-upload`, {
        method: 'PATCH',
        headers: {
          apikey: backend.anonKey,
          authorization: `Bearer ${alice.token}`,
          'content-type': 'application/offset+octet-stream',
          'upload-offset': '0',
        },
        body: 'x',
      });
      expect(unknownUpload.status).toBe(404);
      expect(await unknownUpload.json()).toMatchObject({ message: 'Upload not found' });
    });

    it('a signed URL lets anyone download the object until it expires, and only that object', async () => {
      const path = `${alice.id}/shared`;
      await alice.supabase.storage.from('recordings').upload(path, audio(40), { contentType: 'audio/webm' });
      const signed = await alice.supabase.storage.from('recordings').createSignedUrl(path, 60);
      expect(signed.error).toBeNull();
      const url = signed.data?.signedUrl ?? '';
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(audio(40));
      const elsewhere = await fetch(url.replace('/shared?', '/other?'));
      expect(elsewhere.status).toBe(400);
      const notTheirs = await bob.supabase.storage.from('recordings').createSignedUrl(path, 60);
      expect(notTheirs.error?.message).toBe('Object not found');
    });

    it('manages buckets with the service role only', async () => {
      const service = serviceClient(backend);
      expect((await service.storage.getBucket('recordings')).data).toMatchObject({
        id: 'recordings',
        public: false,
        file_size_limit: 52428800,
      });
      expect((await service.storage.listBuckets()).data?.map((b) => b.id)).toContain('recordings');
      const denied = await alice.supabase.storage.createBucket('mine');
      expect(denied.error?.message).toMatch(/row-level security/);
      expect((await service.storage.createBucket('temp')).error).toBeNull();
      expect((await service.storage.deleteBucket('temp')).data).toEqual({ message: 'Successfully deleted' });
    });
  });
}
