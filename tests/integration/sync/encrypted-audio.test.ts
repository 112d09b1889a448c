// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { audioResealing } from '../../../src/db/audio-resealing.ts';
import { forgetJournalKey, holdJournalKey } from '../../../src/db/journal-key.ts';
import {
  createStorageAudioTransport,
  RECORDINGS_BUCKET,
} from '../../../src/lib/sync/storage-audio-transport.ts';
import { AudioResealer, type AudioReplaceTransport } from '../../../src/sync/audio-resealer.ts';
import { isSealedAudio, openAudio } from '../../../src/sync/crypto/audio-cipher.ts';
import { createKeyEnvelope } from '../../../src/sync/crypto/key-envelope.ts';
import { playableAudio } from '../../../src/sync/playable-audio.ts';
import { realClock, realRandom, realTimers } from '../../../src/sync/real-ports.ts';
import { FakeConnectivity } from '../../../src/testing/sync/fake-connectivity.ts';
import { FakeLocks } from '../../../src/testing/sync/fake-locks.ts';
import { TARGETS } from '../backend/support/backend-targets.ts';
import { openEngineDevice, type EngineDevice } from './support/engine-device.ts';
import {
  serviceClient,
  signUpUser,
  startSyncBackend,
  type SignedInUser,
  type SyncBackend,
} from './support/sync-backend.ts';
import { waitFor } from './support/wait-for.ts';

const CHEAP_KDF = { memoryKiB: 19_456, iterations: 1, parallelism: 1 };

/** Audio bytes no other recording has: a pattern from the seed. */
const audioBytes = (seed: number) => Uint8Array.from({ length: 3000 + seed }, (_, i) => (i * seed + 7) % 251);

/** Whether `inner` occurs in `outer` (the probe: no stretch of the clear audio is stored). */
function contains(outer: Uint8Array, inner: Uint8Array): boolean {
  return Buffer.from(outer).includes(Buffer.from(inner));
}

/**
 * ADR 0153: turning encryption on brings audio uploaded in clear before in line — the object in Storage
 * is replaced by its sealed form, resumably, once — and turning it off brings it back. Over the real
 * backend's Storage and the unmodified supabase-js.
 */
describe.each(TARGETS)('recordings’ stored audio follows the journal’s encryption, on %s', (target) => {
  let backend: SyncBackend;
  const devices: EngineDevice[] = [];
  const resealers: AudioResealer[] = [];
  let errors: { id: string | null; error: unknown }[] = [];

  beforeAll(async () => {
    backend = await startSyncBackend(target);
  }, 120_000);

  afterAll(async () => {
    for (const resealer of resealers) resealer.stop();
    for (const device of devices) await device.close();
    await backend?.stop();
  });

  function resealer(
    device: EngineDevice,
    transport: AudioReplaceTransport,
    connectivity = new FakeConnectivity(true),
  ) {
    const created = new AudioResealer({
      db: device.db,
      transport,
      ports: {
        clock: realClock,
        timers: realTimers,
        random: realRandom,
        connectivity,
        locks: new FakeLocks(),
      },
      backoff: { baseMs: 20, maxMs: 50 },
      onError: (id, error) => errors.push({ id, error }),
    });
    resealers.push(created);
    return created;
  }

  /** The object as the service role reads it. */
  async function stored(path: string): Promise<Uint8Array> {
    const { data, error } = await serviceClient(backend).storage.from(RECORDINGS_BUCKET).download(path);
    if (error) throw error;
    return new Uint8Array(await data.arrayBuffer());
  }

  /** A user whose device kept `count` recordings, uploaded in clear and synced, before encryption. */
  async function journalWithClearAudio(count: number) {
    const user = await signUpUser(backend);
    const device = await openEngineDevice(backend, user.email);
    devices.push(device);
    const recordings: { id: string; path: string; audio: Uint8Array }[] = [];
    for (let index = 0; index < count; index += 1) {
      const audio = audioBytes(index + 1);
      const id = await device.commands.createRecording({
        entry_table: null,
        entry_id: null,
        mime_type: 'audio/webm',
        size_bytes: audio.length,
        duration_ms: 1000,
        sha256: null,
      });
      const path = `${user.id}/${id}`;
      const upload = await user.supabase.storage
        .from(RECORDINGS_BUCKET)
        .upload(path, new Blob([audio], { type: 'audio/webm' }), { contentType: 'audio/webm' });
      expect(upload.error).toBeNull();
      await device.commands.markRecordingUploaded(id);
      recordings.push({ id, path, audio });
    }
    await device.engine.syncNow();
    expect(await device.db.outbox.count()).toBe(0);
    const transport = createStorageAudioTransport(user.supabase, backend.url, backend.anonKey);
    return { user, device, recordings, transport };
  }

  /** Turning encryption on as Settings → Privacy does it, for the audio: envelope, key, step. */
  async function turnOn(user: SignedInUser, device: EngineDevice) {
    const { envelope, dataKey } = await createKeyEnvelope('otter lantern quarry velvet', CHEAP_KDF);
    expect((await user.supabase.from('journal_keys').insert({ envelope })).error).toBeNull();
    await device.commands.holdJournalKey(dataKey);
    await device.commands.startResealingAudio();
    return dataKey;
  }

  it('seals audio uploaded in clear before, once; a second device plays it', async () => {
    const { user, device, recordings, transport } = await journalWithClearAudio(2);
    const key = await turnOn(user, device);

    await resealer(device, transport).poke();

    expect(await audioResealing(device.db)).toBeUndefined();
    for (const { id, path, audio } of recordings) {
      const bytes = await stored(path);
      expect(isSealedAudio(bytes), id).toBe(true);
      expect(contains(bytes, audio.slice(0, 64)), id).toBe(false);
      expect(new Uint8Array(await openAudio(key, id, bytes.buffer as ArrayBuffer))).toEqual(audio);
    }

    // A second device, unlocked, learns of the recordings by sync and plays them from Storage.
    const reader = await openEngineDevice(backend, user.email, { journalKey: () => Promise.resolve(key) });
    devices.push(reader);
    await holdJournalKey(reader.db, key);
    const [first] = recordings;
    if (!first) throw new Error('no recording');
    await waitFor(
      async () => ((await reader.db.recordings.get(first.id))?.uploaded_at ? true : undefined),
      'the recording on the second device',
      20_000,
    );
    const played = await playableAudio(reader.db, transport, first.id);
    expect(new Uint8Array(await played.arrayBuffer())).toEqual(first.audio);
  }, 60_000);

  it('resumes after a reload mid-way and seals every object exactly once', async () => {
    const { user, device, recordings, transport } = await journalWithClearAudio(3);
    const key = await turnOn(user, device);
    const [, second, third] = recordings;
    if (!second || !third) throw new Error('no recordings');

    // The tab goes away right after the second object was replaced, before its position committed:
    // that run never returns (and a reload frees its locks).
    let closed: () => void = () => undefined;
    const tabClosed = new Promise<void>((resolve) => (closed = resolve));
    const crashing: AudioReplaceTransport = {
      read: (path) => transport.read(path),
      async replace(path, data, mimeType) {
        await transport.replace(path, data, mimeType);
        if (path !== second.path) return;
        closed();
        await new Promise<never>(() => undefined);
      },
    };
    const first = resealer(device, crashing);
    void first.poke();
    await tabClosed;
    first.stop();
    expect(await audioResealing(device.db)).toMatchObject({ after: recordings[0]?.id, done: 1, total: 3 });

    // After the reload: the second is found sealed and left, the third is sealed.
    const replaced: string[] = [];
    const counting: AudioReplaceTransport = {
      read: (path) => transport.read(path),
      async replace(path, data, mimeType) {
        replaced.push(path);
        await transport.replace(path, data, mimeType);
      },
    };
    await resealer(device, counting).poke();

    expect(replaced).toEqual([third.path]);
    expect(await audioResealing(device.db)).toBeUndefined();
    for (const { id, path, audio } of recordings) {
      const bytes = await stored(path);
      // Opened once, each gives the audio back: none was sealed twice.
      expect(new Uint8Array(await openAudio(key, id, bytes.buffer as ArrayBuffer)), id).toEqual(audio);
    }
  }, 60_000);

  it('waits while offline and goes on when the connection returns', async () => {
    const { user, device, recordings, transport } = await journalWithClearAudio(1);
    await turnOn(user, device);
    const connectivity = new FakeConnectivity(false);
    const offline = resealer(device, transport, connectivity);
    await offline.poke();
    const [only] = recordings;
    if (!only) throw new Error('no recording');
    expect(isSealedAudio(await stored(only.path))).toBe(false);

    connectivity.set(true);
    await waitFor(
      async () => ((await audioResealing(device.db)) === undefined ? true : undefined),
      'the step finished once online',
      20_000,
    );
    expect(isSealedAudio(await stored(only.path))).toBe(true);
  }, 60_000);

  it('retries a failed download with backoff, and leaves audio that is gone or deleted alone', async () => {
    const { user, device, recordings, transport } = await journalWithClearAudio(3);
    await turnOn(user, device);
    const [gone, deleted, kept] = recordings;
    if (!gone || !deleted || !kept) throw new Error('no recordings');
    expect((await user.supabase.storage.from(RECORDINGS_BUCKET).remove([gone.path])).error).toBeNull();
    await device.commands.deleteRecording(deleted.id);
    errors = [];
    let failures = 1;
    const flaky: AudioReplaceTransport = {
      read(path) {
        if (path === kept.path && failures-- > 0) return Promise.reject(new Error('Failed to fetch'));
        return transport.read(path);
      },
      replace: (path, data, mimeType) => transport.replace(path, data, mimeType),
    };
    await resealer(device, flaky).poke();
    expect(errors).toEqual([{ id: kept.id, error: new Error('Failed to fetch') }]);

    await waitFor(
      async () => ((await audioResealing(device.db)) === undefined ? true : undefined),
      'the step finished after its retry',
      20_000,
    );
    expect(isSealedAudio(await stored(kept.path))).toBe(true);
    // Not written back: the remover takes a deleted recording's audio away, and nothing was there.
    expect(await stored(deleted.path)).toEqual(deleted.audio);
    const listed = await serviceClient(backend).storage.from(RECORDINGS_BUCKET).list(user.id);
    expect(listed.data?.map((object) => object.name)).not.toContain(gone.id);
  }, 60_000);

  it('makes an upload interrupted in clear start over, so it is not finished with sealed bytes', async () => {
    const { user, device, transport } = await journalWithClearAudio(0);
    const id = await device.commands.createRecording({
      entry_table: null,
      entry_id: null,
      mime_type: 'audio/webm',
      size_bytes: 4000,
      duration_ms: 1000,
      sha256: null,
    });
    const interrupted = {
      status: 'failed' as const,
      url: `${backend.url}/storage/v1/upload/resumable/0b7f3c8e-5f8e-4c2a-9d2e-1f6a7b8c9d0e`,
      offset: 2000,
      attempts: 1,
      next_attempt_at: null,
      last_error: 'connection lost',
    };
    await device.db.local_recordings.put({
      recording_id: id,
      state: 'saved',
      started_at: new Date().toISOString(),
      mime_type: 'audio/webm',
      size_bytes: 4000,
      duration_ms: 1000,
      destination: { kind: 'new_note' },
      upload: interrupted,
      audio_on_device: true,
    });
    await turnOn(user, device);

    await resealer(device, transport).poke();

    expect((await device.db.local_recordings.get(id))?.upload).toEqual({
      ...interrupted,
      url: null,
      offset: 0,
    });
  }, 60_000);

  it('turning encryption off stores the audio in clear again, with the key the step keeps', async () => {
    const { user, device, recordings, transport } = await journalWithClearAudio(2);
    const key = await turnOn(user, device);
    await resealer(device, transport).poke();
    for (const { path } of recordings) expect(isSealedAudio(await stored(path))).toBe(true);

    await device.commands.startUnsealingAudio(key);
    await forgetJournalKey(device.db);
    await resealer(device, transport).poke();

    expect(await audioResealing(device.db)).toBeUndefined();
    for (const { path, audio } of recordings) expect(await stored(path)).toEqual(audio);
  }, 60_000);
});
