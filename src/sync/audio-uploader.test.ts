import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createCommands, type Commands } from '../db/commands/create-commands.ts';
import type { LocalRecording } from '../db/entities/voice-local.ts';
import { openUserDatabase } from '../db/open-user-database.ts';
import type { MurmurDatabase } from '../db/schema.ts';
import { FakeConnectivity } from '../testing/sync/fake-connectivity.ts';
import { FakeLocks } from '../testing/sync/fake-locks.ts';
import { ManualTimers } from '../testing/sync/manual-timers.ts';
import { createTestIds } from '../testing/sync/test-ids.ts';
import { FakeAudioStorage } from '../testing/voice/fake-audio-storage.ts';
import { holdJournalKey } from '../db/journal-key.ts';
import { AudioUploader } from './audio-uploader.ts';
import { isSealedAudio, openAudio } from './crypto/audio-cipher.ts';
import { generateDataKey } from './crypto/generate-data-key.ts';
import { backoffDelay } from './backoff.ts';
import { evictUploadedAudio } from './evict-uploaded-audio.ts';
import { AudioUnavailableError, playableAudio } from './playable-audio.ts';

const USER = '0000aaaa-0000-7000-8000-000000000001';
const random = () => 0.5;

describe('audio uploader', () => {
  let db: MurmurDatabase;
  let commands: Commands;
  let timers: ManualTimers;
  let connectivity: FakeConnectivity;
  let storage: FakeAudioStorage;
  let uploaders: AudioUploader[];
  let locks: FakeLocks;

  const clock = () => ({ now: () => timers.now(), timeZone: () => 'Europe/Berlin' });

  function uploader(budgetBytes = 1_000_000, journalEncrypted?: () => Promise<boolean>): AudioUploader {
    const created = new AudioUploader({
      db,
      markRecordingUploaded: (id) => commands.markRecordingUploaded(id),
      transport: storage,
      ports: { clock: clock(), timers, random, connectivity, locks },
      budgetBytes,
      ...(journalEncrypted ? { journalEncrypted } : {}),
    });
    uploaders.push(created);
    return created;
  }

  /** A kept recording as the recorder leaves it: the synced row, its chunks and the local state. */
  async function keptRecording(bytes: Uint8Array, startedAt: string, chunkSize = 5): Promise<string> {
    const id = await commands.createRecording({
      entry_table: null,
      entry_id: null,
      mime_type: 'audio/webm',
      size_bytes: bytes.length,
      duration_ms: 1000,
      sha256: null,
    });
    for (let seq = 0; seq * chunkSize < bytes.length; seq += 1) {
      const slice = bytes.slice(seq * chunkSize, (seq + 1) * chunkSize);
      await db.audio_chunks.put({ recording_id: id, seq, data: slice.buffer, at_ms: seq * 1000 });
    }
    const local: LocalRecording = {
      recording_id: id,
      state: 'saved',
      started_at: startedAt,
      mime_type: 'audio/webm',
      size_bytes: bytes.length,
      duration_ms: 1000,
      destination: { kind: 'new_note' },
      upload: {
        status: 'pending',
        url: null,
        offset: 0,
        attempts: 0,
        next_attempt_at: null,
        last_error: null,
      },
      audio_on_device: true,
    };
    await db.local_recordings.put(local);
    return id;
  }

  /** What the engine does once the server acknowledged the push: the recording's outbox rows go. */
  async function pushed(id: string): Promise<void> {
    await db.outbox.where('[table+entity_id]').equals(['recordings', id]).delete();
  }

  const bytes = (n: number, seed = 1) => Uint8Array.from({ length: n }, (_, i) => (i * seed + 3) % 256);
  const upload = async (id: string) => (await db.local_recordings.get(id))?.upload;

  beforeEach(async () => {
    timers = new ManualTimers();
    connectivity = new FakeConnectivity(true);
    storage = new FakeAudioStorage(4);
    uploaders = [];
    locks = new FakeLocks();
    db = await openUserDatabase(USER, { indexedDB: new IDBFactory(), IDBKeyRange });
    commands = createCommands(db, { clock: clock(), ids: createTestIds(1) });
  });

  afterEach(() => {
    for (const created of uploaders) created.stop();
    db.close();
  });

  it('never uploads before the recording row is pushed, then uploads and marks it uploaded', async () => {
    const audio = bytes(12);
    const id = await keptRecording(audio, '2026-11-22T08:00:00.000Z');
    const audioUploader = uploader();
    await audioUploader.poke();
    expect(storage.attempts).toEqual([]);
    expect((await upload(id))?.status).toBe('pending');

    await pushed(id);
    await audioUploader.poke();
    expect(storage.objects.get(`${USER}/${id}`)).toEqual(audio);
    expect((await upload(id))?.status).toBe('done');
    const row = await db.recordings.get(id);
    expect(row?.uploaded_at).toBe(new Date(timers.now()).toISOString());
    // The uploaded_at change itself is queued for the next push, telling other devices the audio exists.
    expect(await db.outbox.where('[table+entity_id]').equals(['recordings', id]).count()).toBe(1);
  });

  it('in an encrypted journal uploads the audio sealed, and plays it opened on a device that downloads it', async () => {
    const audio = bytes(12);
    const id = await keptRecording(audio, '2026-11-22T08:00:00.000Z');
    const key = await generateDataKey();
    await holdJournalKey(db, key);
    await pushed(id);
    await uploader().poke();
    const stored = storage.objects.get(`${USER}/${id}`);
    expect(stored && isSealedAudio(stored)).toBe(true);
    expect(new Uint8Array(await openAudio(key, id, (stored ?? new Uint8Array()).slice().buffer))).toEqual(
      audio,
    );

    // Another device: the audio is not on it, and comes down from Storage opened.
    await db.audio_chunks.where('recording_id').equals(id).delete();
    await db.local_recordings.delete(id);
    const played = await playableAudio(db, storage, id);
    expect(new Uint8Array(await played.arrayBuffer())).toEqual(audio);
  });

  it('on a device without the key of a journal encrypted elsewhere, keeps the audio until the key is here, then uploads it sealed', async () => {
    const audio = bytes(12);
    const id = await keptRecording(audio, '2026-11-22T08:00:00.000Z');
    await pushed(id);
    let asked = 0;
    const audioUploader = uploader(1_000_000, () => {
      asked += 1;
      return Promise.resolve(true);
    });
    await audioUploader.poke();
    expect(storage.attempts).toEqual([]);
    expect((await upload(id))?.status).toBe('pending');

    // The server cannot say: nothing leaves either.
    const unsure = uploader(1_000_000, () => Promise.reject(new Error('offline')));
    await unsure.poke();
    expect(storage.attempts).toEqual([]);

    const key = await generateDataKey();
    await holdJournalKey(db, key);
    await audioUploader.poke();
    const stored = storage.objects.get(`${USER}/${id}`);
    expect(stored && isSealedAudio(stored)).toBe(true);
    // With the key held, the server is not asked again.
    expect(asked).toBe(1);
  });

  it('uploads in clear once the server says the journal is clear', async () => {
    const audio = bytes(12);
    const id = await keptRecording(audio, '2026-11-22T08:00:00.000Z');
    await pushed(id);
    await uploader(1_000_000, () => Promise.resolve(false)).poke();
    expect(storage.objects.get(`${USER}/${id}`)).toEqual(audio);
  });

  it('waits while offline and uploads when the device comes back online', async () => {
    const id = await keptRecording(bytes(6), '2026-11-22T08:00:00.000Z');
    await pushed(id);
    connectivity.set(false);
    const audioUploader = uploader();
    await audioUploader.poke();
    expect(storage.attempts).toEqual([]);
    connectivity.set(true);
    await audioUploader.poke();
    expect((await upload(id))?.status).toBe('done');
  });

  it('after a connection lost mid-way, retries with backoff and resumes from the stored URL and offset', async () => {
    const audio = bytes(13, 7);
    const id = await keptRecording(audio, '2026-11-22T08:00:00.000Z');
    await pushed(id);
    storage.failAfterBytes = 8;
    const audioUploader = uploader();
    await audioUploader.poke();
    const failed = await upload(id);
    expect(failed).toMatchObject({ status: 'failed', offset: 8, attempts: 1, last_error: 'connection lost' });
    expect(failed?.url).toBe('fake://upload/1');
    const delay = backoffDelay(1, random);
    expect(failed?.next_attempt_at).toBe(new Date(timers.now() + delay).toISOString());

    storage.failAfterBytes = null;
    timers.advance(delay - 1);
    await audioUploader.poke(); // an early poke (say, after a sync) does not jump the backoff
    expect(storage.attempts).toHaveLength(1);
    timers.advance(1);
    await audioUploader.poke();
    expect(storage.attempts[1]).toEqual({
      path: `${USER}/${id}`,
      resumeUrl: 'fake://upload/1',
      startOffset: 8,
    });
    expect(storage.objects.get(`${USER}/${id}`)).toEqual(audio);
    expect((await upload(id))?.status).toBe('done');
  });

  it('a new uploader after a reload resumes an upload that was interrupted while uploading', async () => {
    const audio = bytes(10, 3);
    const id = await keptRecording(audio, '2026-11-22T08:00:00.000Z');
    await pushed(id);
    storage.failAfterBytes = 4;
    await uploader().poke();
    // The tab died mid-upload: the state still says uploading, with the URL and offset of the last chunk.
    const interrupted = await upload(id);
    if (!interrupted) throw new Error('the recording has no upload state');
    await db.local_recordings.update(id, {
      upload: { ...interrupted, status: 'uploading', next_attempt_at: null },
    });
    uploaders[0]?.stop();
    storage.failAfterBytes = null;
    await uploader().poke();
    expect(storage.attempts.at(-1)).toMatchObject({ resumeUrl: 'fake://upload/1', startOffset: 4 });
    expect(storage.objects.get(`${USER}/${id}`)).toEqual(audio);
  });

  it('two tabs never upload the same audio at once', async () => {
    const id = await keptRecording(bytes(8), '2026-11-22T08:00:00.000Z');
    await pushed(id);
    await Promise.all([uploader().poke(), uploader().poke()]);
    expect(storage.attempts).toHaveLength(1);
    expect((await upload(id))?.status).toBe('done');
  });

  it('a failure no retry can fix waits for the user to retry', async () => {
    const id = await keptRecording(bytes(6), '2026-11-22T08:00:00.000Z');
    await pushed(id);
    storage.refuse = 'The object exceeded the maximum allowed size';
    const audioUploader = uploader();
    await audioUploader.poke();
    expect(await upload(id)).toMatchObject({ status: 'failed', next_attempt_at: null });
    timers.advance(3_600_000);
    await audioUploader.poke();
    expect(storage.attempts).toHaveLength(0);
    storage.refuse = null;
    await audioUploader.retry(id);
    expect((await upload(id))?.status).toBe('done');
  });

  it('eviction removes only uploaded audio, oldest first, down to the budget', async () => {
    const old = await keptRecording(bytes(10), '2026-11-20T08:00:00.000Z');
    const newer = await keptRecording(bytes(10), '2026-11-21T08:00:00.000Z');
    const notUploaded = await keptRecording(bytes(10), '2026-11-19T08:00:00.000Z');
    await pushed(old);
    await pushed(newer);
    await uploader(1_000_000).poke();
    expect((await upload(notUploaded))?.status).toBe('pending');

    expect(await evictUploadedAudio(db, 15)).toEqual([old, newer]);
    expect(await evictUploadedAudio(db, 0)).toEqual([]);
    expect(await db.audio_chunks.where('recording_id').equals(notUploaded).count()).toBe(2);
    expect((await db.local_recordings.get(notUploaded))?.audio_on_device).toBe(true);
    expect((await db.local_recordings.get(old))?.audio_on_device).toBe(false);
  });

  it('evicts after uploads when local audio exceeds the budget, keeping what is not uploaded', async () => {
    const first = await keptRecording(bytes(10), '2026-11-20T08:00:00.000Z');
    const waiting = await keptRecording(bytes(10), '2026-11-19T08:00:00.000Z');
    await pushed(first);
    await uploader(12).poke();
    expect(await db.audio_chunks.where('recording_id').equals(first).count()).toBe(0);
    expect(await db.audio_chunks.where('recording_id').equals(waiting).count()).toBe(2);
  });

  it('playableAudio plays local chunks, else downloads once and caches the bytes for offline playback', async () => {
    const audio = bytes(9, 5);
    const id = await keptRecording(audio, '2026-11-20T08:00:00.000Z');
    const local = await playableAudio(db, storage, id);
    expect(new Uint8Array(await local.arrayBuffer())).toEqual(audio);

    // Another device: it has only the synced row.
    await db.audio_chunks.where('recording_id').equals(id).delete();
    await db.local_recordings.delete(id);
    await expect(playableAudio(db, storage, id)).rejects.toBeInstanceOf(AudioUnavailableError);
    storage.objects.set(`${USER}/${id}`, audio);
    await commands.markRecordingUploaded(id);
    const downloaded = await playableAudio(db, storage, id);
    expect(new Uint8Array(await downloaded.arrayBuffer())).toEqual(audio);
    storage.objects.clear();
    const offline = await playableAudio(db, storage, id);
    expect(new Uint8Array(await offline.arrayBuffer())).toEqual(audio);
    expect((await db.local_recordings.get(id))?.upload.status).toBe('done');
  });
});
