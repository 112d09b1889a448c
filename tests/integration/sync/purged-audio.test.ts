// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  createStorageAudioTransport,
  RECORDINGS_BUCKET,
} from '../../../src/lib/sync/storage-audio-transport.ts';
import { AudioRemover } from '../../../src/sync/audio-remover.ts';
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

const audio = new Blob([Uint8Array.from({ length: 2000 }, (_, i) => i % 251)], { type: 'audio/webm' });

describe.each(TARGETS)('[R43] the audio of a note deleted forever, on %s', (target) => {
  let backend: SyncBackend;
  let alice: SignedInUser;
  let bob: SignedInUser;
  let device: EngineDevice;

  beforeAll(async () => {
    backend = await startSyncBackend(target);
    alice = await signUpUser(backend);
    bob = await signUpUser(backend);
    device = await openEngineDevice(backend, alice.email);
  }, 120_000);

  afterAll(async () => {
    await device?.close();
    await backend?.stop();
  });

  /** What the service role finds in a user's folder of the recordings bucket. */
  async function objectsOf(userId: string): Promise<string[]> {
    const { data, error } = await serviceClient(backend).storage.from(RECORDINGS_BUCKET).list(userId);
    if (error) throw error;
    return data.map((object) => object.name);
  }

  it('is removed from Storage once the purge has synced, and another user’s audio is never touched', async () => {
    const { commands, db, engine } = device;
    const noteId = await commands.createNote({ title: 'Therapy', body: 'spoken, not written' });
    const recordingId = await commands.createRecording({
      entry_table: 'notes',
      entry_id: noteId,
      mime_type: 'audio/webm',
      size_bytes: audio.size,
      duration_ms: 1000,
      sha256: null,
    });
    // A second recording whose stored path names Bob's folder, as a tampered device could make it.
    const forgedId = await commands.createRecording({
      entry_table: 'notes',
      entry_id: noteId,
      mime_type: 'audio/webm',
      size_bytes: audio.size,
      duration_ms: 1000,
      sha256: null,
    });
    await db.recordings.update(forgedId, { storage_path: `${bob.id}/${forgedId}` });
    const bucket = alice.supabase.storage.from(RECORDINGS_BUCKET);
    expect((await bucket.upload(`${alice.id}/${recordingId}`, audio)).error).toBeNull();
    const bobs = bob.supabase.storage.from(RECORDINGS_BUCKET);
    expect((await bobs.upload(`${bob.id}/${forgedId}`, audio)).error).toBeNull();
    await commands.markRecordingUploaded(recordingId);
    await commands.markRecordingUploaded(forgedId);
    await engine.syncNow();
    expect(await objectsOf(alice.id)).toEqual([recordingId]);

    await commands.deleteNote(noteId);
    await commands.purgeNote(noteId);
    await engine.syncNow();
    // As the app does after every sync that leaves nothing queued (start-audio-uploads.ts).
    const remover = new AudioRemover({
      db,
      transport: createStorageAudioTransport(alice.supabase, backend.url, backend.anonKey),
      ports: {
        clock: realClock,
        timers: realTimers,
        random: realRandom,
        connectivity: new FakeConnectivity(true),
        locks: new FakeLocks(),
      },
      onError: (id, error) => {
        throw new Error(`removing ${id} failed: ${String(error)}`);
      },
    });
    await remover.poke();
    remover.stop();

    expect(await objectsOf(alice.id)).toEqual([]);
    expect(await objectsOf(bob.id)).toEqual([forgedId]);
    const { data: rows } = await serviceClient(backend)
      .from('recordings')
      .select('id, transcript, deleted_at')
      .eq('user_id', alice.id)
      .eq('id', recordingId);
    expect(rows).toEqual([{ id: recordingId, transcript: '', deleted_at: expect.any(String) }]);
  });
});
