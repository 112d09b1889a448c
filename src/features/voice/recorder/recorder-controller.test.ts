import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createCommands, type Commands } from '../../../db/commands/create-commands.ts';
import { openUserDatabase } from '../../../db/open-user-database.ts';
import type { MurmurDatabase } from '../../../db/schema.ts';
import { createTestIds } from '../../../testing/sync/test-ids.ts';
import { FakeMicrophone } from '../../../testing/voice/fake-microphone.ts';
import { RecorderController, type RecorderState } from './recorder-controller.ts';
import { LONG_RECORDING_MS, type RecorderOptions } from './recorder-options.ts';
import type { RecorderPorts } from './recorder-ports.ts';

const USER = '0000aaaa-0000-7000-8000-0000000000c1';
const OPTIONS: RecorderOptions = {
  deviceId: 'default',
  bitsPerSecond: 128_000,
  countdown: false,
  confirmation: 'never',
  keepAudio: true,
  destination: { kind: 'new_note' },
};

describe('RecorderController', () => {
  let db: MurmurDatabase;
  let mic: FakeMicrophone;
  let commands: Commands;
  let errors: string[];
  let controller: RecorderController;
  let indexedDB: IDBFactory;

  const advance = (ms: number) => mic.advance(ms);
  const settle = async (until: (state: RecorderState) => boolean) => {
    for (let i = 0; i < 100 && !until(controller.state); i++) await new Promise((r) => setTimeout(r, 1));
    return controller.state;
  };

  beforeEach(async () => {
    indexedDB = new IDBFactory();
    db = await openUserDatabase(USER, { indexedDB, IDBKeyRange });
    mic = new FakeMicrophone();
    errors = [];
    const clock = { now: () => mic.now, timeZone: () => 'UTC' };
    commands = createCommands(db, { clock, ids: createTestIds(5) });
    controller = new RecorderController(
      mic.ports(commands),
      (message) => errors.push(message),
      createStore(),
    );
  });
  afterEach(() => db.close());

  it('stores a slice every second as it arrives and keeps the recording when stopped', async () => {
    controller.start(OPTIONS);
    const recording = await settle((s) => s.kind === 'recording');
    if (recording.kind !== 'recording') throw new Error('not recording');
    expect(mic.recorder.timeslice).toBe(1000);
    // Other tabs can tell this recording is alive, not cut off.
    expect([...mic.held]).toEqual([recording.recordingId]);
    expect(mic.recorderOptions).toEqual([{ audioBitsPerSecond: 128_000 }]);
    expect(mic.constraints).toEqual([{ audio: true }]);

    advance(1000);
    mic.recorder.slice(1, 2);
    advance(1000);
    mic.recorder.slice(3);
    // Both slices are on the device before the recording ends: a crash now loses nothing older.
    await expect.poll(() => db.audio_chunks.count()).toBe(2);

    advance(400);
    controller.stop();
    const saved = await settle((s) => s.kind === 'saved');
    expect(saved).toMatchObject({ kind: 'saved', recordingId: recording.recordingId });
    expect(await db.recordings.get(recording.recordingId)).toMatchObject({
      duration_ms: 2400,
      size_bytes: 4,
    });
    expect(await db.transcription_jobs.where('recording_id').equals(recording.recordingId).count()).toBe(1);
    expect(mic.tracksStopped).toBe(1);
    expect(mic.held.size).toBe(0);
  });

  it('counts down 3, 2, 1 unless faster recording is on, and a stop during it records nothing', async () => {
    controller.start({ ...OPTIONS, countdown: true });
    expect(controller.state).toEqual({ kind: 'countdown', remaining: 3 });
    advance(1000);
    expect(controller.state).toEqual({ kind: 'countdown', remaining: 2 });
    controller.stop();
    expect(controller.state).toEqual({ kind: 'ready' });
    advance(5000);
    expect(mic.constraints).toEqual([]);

    controller.start({ ...OPTIONS, countdown: true });
    advance(1000);
    advance(1000);
    advance(1000);
    expect((await settle((s) => s.kind === 'recording')).kind).toBe('recording');
  });

  it('asks before keeping per recording_confirmation, and a discard removes the audio', async () => {
    controller.start({ ...OPTIONS, confirmation: 'always', deviceId: 'mic-2' });
    await settle((s) => s.kind === 'recording');
    expect(mic.constraints).toEqual([{ audio: { deviceId: { exact: 'mic-2' } } }]);
    advance(2000);
    controller.stop();
    const confirming = await settle((s) => s.kind === 'confirming');
    expect(confirming).toMatchObject({ kind: 'confirming', durationMs: 2000 });
    expect(await db.recordings.count()).toBe(0);
    await controller.discard();
    expect(controller.state).toEqual({ kind: 'ready' });
    expect(await db.audio_chunks.count()).toBe(0);
    expect(await db.local_recordings.count()).toBe(0);

    // 'long_only': a short one is kept at once, a long one waits.
    controller.start({ ...OPTIONS, confirmation: 'long_only' });
    await settle((s) => s.kind === 'recording');
    advance(LONG_RECORDING_MS - 1);
    controller.stop();
    expect((await settle((s) => s.kind === 'saved')).kind).toBe('saved');
    controller.start({ ...OPTIONS, confirmation: 'long_only' });
    await settle((s) => s.kind === 'recording');
    advance(LONG_RECORDING_MS);
    controller.stop();
    expect((await settle((s) => s.kind === 'confirming')).kind).toBe('confirming');
    await controller.keep();
    expect((await settle((s) => s.kind === 'saved')).kind).toBe('saved');
    expect(await db.recordings.count()).toBe(2);
  });

  // Only an explicit Discard removes audio; a question nobody answered keeps the recording.
  describe('a take stopped and left unanswered', () => {
    /** Records two seconds into a new note, stops and leaves the keep-or-discard question open. */
    const leaveUnanswered = async () => {
      controller.start({ ...OPTIONS, confirmation: 'always' });
      await settle((s) => s.kind === 'recording');
      advance(1000);
      mic.recorder.slice(1, 2);
      advance(1000);
      controller.stop();
      const asking = await settle((s) => s.kind === 'confirming');
      if (asking.kind !== 'confirming') throw new Error(`not asking but ${asking.kind}`);
      return asking.recordingId;
    };

    let starts = 5;
    /** The next start of the app on the same device: the database opened again, new commands. */
    const nextStart = async () => {
      db.close();
      db = await openUserDatabase(USER, { indexedDB, IDBKeyRange });
      return createCommands(db, {
        clock: { now: () => mic.now, timeZone: () => 'UTC' },
        ids: createTestIds(++starts),
      });
    };

    it('is offered back with all its audio when the page goes with the question open', async () => {
      const id = await leaveUnanswered();
      // The page closes: its recorder and the locks it held go with it.
      const offered = await (await nextStart()).markInterruptedRecordings([]);
      expect(offered).toEqual([
        expect.objectContaining({ recording_id: id, state: 'interrupted', duration_ms: 2000, size_bytes: 3 }),
      ]);
      expect(await db.audio_chunks.where('recording_id').equals(id).count()).toBe(2);

      // Still unanswered at the start after that: offered again, and it can be kept.
      const next = await nextStart();
      expect((await next.markInterruptedRecordings([])).map((row) => row.recording_id)).toEqual([id]);
      await next.keepRecording(id, { keepAudio: true });
      expect(await db.recordings.get(id)).toMatchObject({ duration_ms: 2000, size_bytes: 3 });
    });

    it('is offered back when the recorder goes in the same page, and not while it still asks', async () => {
      // React in development runs the owner's cleanup and setup once more: the recorder is its again.
      controller.attach()();
      const detach = controller.attach();
      const id = await leaveUnanswered();
      // Another tab starting now leaves the question to the recorder that asks it.
      expect([...mic.held]).toEqual([id]);
      expect(await commands.markInterruptedRecordings([...mic.held])).toEqual([]);
      expect((await db.local_recordings.get(id))?.state).toBe('pending_confirmation');

      detach();
      expect(mic.held.size).toBe(0);
      expect(await db.audio_chunks.where('recording_id').equals(id).count()).toBe(2);
      const offered = await commands.markInterruptedRecordings([...mic.held]);
      expect(offered.map((row) => [row.recording_id, row.state])).toEqual([[id, 'interrupted']]);
    });

    it('stopped by the recorder going, is stored to be asked about at the next start', async () => {
      const detach = controller.attach();
      controller.start({ ...OPTIONS, confirmation: 'always' });
      const recording = await settle((s) => s.kind === 'recording');
      if (recording.kind !== 'recording') throw new Error('not recording');
      advance(1500);
      detach();
      await expect
        .poll(async () => (await db.local_recordings.get(recording.recordingId))?.state)
        .toBe('pending_confirmation');
      await expect.poll(() => mic.held.size).toBe(0);
      expect(await db.recordings.count()).toBe(0);
      const offered = await commands.markInterruptedRecordings([...mic.held]);
      expect(offered).toEqual([
        expect.objectContaining({ recording_id: recording.recordingId, duration_ms: 1500 }),
      ]);
    });

    it('is removed, audio and all, by an explicit Discard', async () => {
      const id = await leaveUnanswered();
      await controller.discard();
      expect(controller.state).toEqual({ kind: 'ready' });
      expect(mic.held.size).toBe(0);
      expect(await db.local_recordings.get(id)).toBeUndefined();
      expect(await db.audio_chunks.count()).toBe(0);
      expect(await (await nextStart()).markInterruptedRecordings([])).toEqual([]);
    });
  });

  it('says why when the microphone is refused or missing', async () => {
    mic.permission = 'denied';
    controller.start(OPTIONS);
    expect(await settle((s) => s.kind === 'failed')).toEqual({ kind: 'failed', problem: 'permission' });
    controller.reset();
    mic.permission = 'missing';
    controller.start(OPTIONS);
    expect(await settle((s) => s.kind === 'failed')).toEqual({ kind: 'failed', problem: 'no_device' });
    expect(errors).toHaveLength(2);
    expect(await db.local_recordings.count()).toBe(0);
  });

  // Push-to-talk ends the take on release, and a release may come at any moment of it.
  describe('a stop at any moment (a push-to-talk release)', () => {
    it('during the countdown: back to ready, and the microphone is never opened', () => {
      controller.start({ ...OPTIONS, countdown: true });
      advance(1000);
      controller.stop();
      expect(controller.state).toEqual({ kind: 'ready' });
      advance(5000);
      expect(mic.constraints).toEqual([]);
      expect(controller.busy).toBe(false);
    });

    it('while the microphone is still opening: ready at once, and what opens later is let go', async () => {
      mic.prompting = true;
      controller.start(OPTIONS);
      expect(controller.state).toEqual({ kind: 'starting' });
      controller.stop();
      // The release is answered now, not when the permission prompt is.
      expect(controller.state).toEqual({ kind: 'ready' });
      mic.answer();
      await expect.poll(() => mic.tracksStopped).toBe(1);
      expect(controller.state).toEqual({ kind: 'ready' });
      expect(mic.recorderOptions).toEqual([]);
      expect(await db.local_recordings.count()).toBe(0);
      expect(await db.recordings.count()).toBe(0);

      // Pressed again while an earlier prompt is still open: the new press records, the old one is let go.
      controller.start(OPTIONS);
      controller.stop();
      controller.start(OPTIONS);
      mic.answer();
      expect((await settle((s) => s.kind === 'recording')).kind).toBe('recording');
      expect(mic.tracksStopped).toBe(2);
      expect(await db.local_recordings.count()).toBe(1);
    });

    it('after the microphone opened but before recording began: its empty row is removed', async () => {
      let createRow: () => void = () => undefined;
      const rowWritten = new Promise<void>((resolve) => (createRow = resolve));
      const slowCommands: RecorderPorts['commands'] = {
        ...commands,
        startLocalRecording: async (input) => {
          const id = await commands.startLocalRecording(input);
          await rowWritten;
          return id;
        },
      };
      controller = new RecorderController(
        mic.ports(slowCommands),
        (message) => errors.push(message),
        createStore(),
      );
      controller.start(OPTIONS);
      await expect.poll(() => db.local_recordings.count()).toBe(1);
      controller.stop();
      expect(controller.state).toEqual({ kind: 'ready' });
      createRow();
      // Left behind, the row would be offered back as an interrupted recording at the next start-up.
      await expect.poll(() => db.local_recordings.count()).toBe(0);
      expect(mic.recorder.state).toBe('inactive');
      expect(mic.tracksStopped).toBe(1);
      expect(mic.held.size).toBe(0);
      expect(errors).toEqual([]);
    });

    it('while recording: even a short take is kept, every slice of it', async () => {
      controller.start(OPTIONS);
      const recording = await settle((s) => s.kind === 'recording');
      if (recording.kind !== 'recording') throw new Error('not recording');
      advance(300);
      controller.stop();
      expect(controller.state).toEqual({ kind: 'stopping', recordingId: recording.recordingId });
      // A second release (pointer up, then pointer leave) changes nothing.
      controller.stop();
      expect((await settle((s) => s.kind === 'saved')).kind).toBe('saved');
      expect(await db.recordings.get(recording.recordingId)).toMatchObject({
        duration_ms: 300,
        size_bytes: 1,
      });
    });

    it('a microphone refused after the release still says why, since the next press would fail too', async () => {
      mic.prompting = true;
      mic.permission = 'denied';
      controller.start(OPTIONS);
      controller.stop();
      mic.answer();
      expect(await settle((s) => s.kind === 'failed')).toEqual({ kind: 'failed', problem: 'permission' });
    });
  });
});
