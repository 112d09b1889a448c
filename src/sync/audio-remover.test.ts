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
import { AudioRemover } from './audio-remover.ts';

const USER = '0000aaaa-0000-7000-8000-000000000002';

describe('deleting a recording', () => {
  let db: MurmurDatabase;
  let commands: Commands;
  let timers: ManualTimers;
  let connectivity: FakeConnectivity;
  let storage: FakeAudioStorage;
  let remover: AudioRemover;

  beforeEach(async () => {
    db = await openUserDatabase(USER, { indexedDB: new IDBFactory(), IDBKeyRange });
    timers = new ManualTimers(Date.UTC(2026, 10, 24, 9));
    connectivity = new FakeConnectivity(true);
    storage = new FakeAudioStorage();
    const clock = { now: () => timers.now(), timeZone: () => 'Europe/Berlin' };
    commands = createCommands(db, { clock, ids: createTestIds(7) });
    remover = new AudioRemover({
      db,
      transport: storage,
      ports: { clock, timers, random: () => 0.5, connectivity, locks: new FakeLocks() },
    });
  });
  afterEach(() => {
    remover.stop();
    db.close();
  });

  /** A kept recording with its audio on this device, uploaded (or not), and a transcription job. */
  async function recording(uploaded: boolean): Promise<string> {
    const id = await commands.startLocalRecording({
      mime_type: 'audio/webm',
      destination: { kind: 'new_note' },
    });
    await commands.appendAudioChunk(id, 0, new Uint8Array([1, 2, 3]).buffer, 500);
    await commands.keepRecording(id, { keepAudio: true });
    if (uploaded) {
      storage.objects.set(`${USER}/${id}`, new Uint8Array([1, 2, 3]));
      await commands.markRecordingUploaded(id);
    }
    return id;
  }

  it('tombstones the row and takes the audio, the upload and the transcription job off this device at once', async () => {
    const id = await recording(false);
    await commands.deleteRecording(id);
    expect((await db.recordings.get(id))?.deleted_at).not.toBeNull();
    expect(await db.audio_chunks.count()).toBe(0);
    expect(await db.transcription_jobs.count()).toBe(0);
    // Never uploaded: nothing in Storage to remove, nothing left here.
    expect(await db.local_recordings.get(id)).toBeUndefined();
    const queued = await db.outbox.where('[table+entity_id]').equals(['recordings', id]).toArray();
    expect(queued.at(-1)?.patch).toEqual({ deleted_at: expect.any(String) as string });
  });

  it('removes uploaded audio from Storage, waiting offline and retrying after a failure', async () => {
    const id = await recording(true);
    connectivity.set(false);
    await commands.deleteRecording(id);
    expect(await db.local_recordings.get(id)).toMatchObject({
      state: 'discarded',
      audio_on_device: false,
      upload: { status: 'remove' },
    });
    await remover.poke();
    expect(storage.removals).toEqual([]);

    storage.unreachable = true;
    connectivity.set(true);
    await remover.poke();
    const failed = (await db.local_recordings.get(id)) as LocalRecording;
    expect(failed.upload).toMatchObject({ attempts: 1, last_error: 'Failed to fetch' });
    expect(storage.objects.has(`${USER}/${id}`)).toBe(true);

    storage.unreachable = false;
    timers.advance(Date.parse(failed.upload.next_attempt_at ?? '') - timers.now());
    await expect.poll(() => storage.objects.has(`${USER}/${id}`)).toBe(false);
    await expect.poll(() => db.local_recordings.get(id)).toBeUndefined();
  });

  it('on another device, the tombstone arriving by sync takes that device’s copy of the audio', async () => {
    const id = await recording(true);
    // What a pull of another device's delete leaves: the row deleted, this device's audio untouched.
    await db.recordings.update(id, { deleted_at: '2026-11-24T09:00:00.000Z' });
    await remover.poke();
    expect(await db.audio_chunks.count()).toBe(0);
    expect(await db.local_recordings.get(id)).toBeUndefined();
    // Storage is the deleting device's to clean: this one does not send removals.
    expect(storage.removals).toEqual([]);
  });
});
