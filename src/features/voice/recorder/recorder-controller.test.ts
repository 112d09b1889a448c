import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createCommands } from '../../../db/commands/create-commands.ts';
import { openUserDatabase } from '../../../db/open-user-database.ts';
import type { MurmurDatabase } from '../../../db/schema.ts';
import { createTestIds } from '../../../testing/sync/test-ids.ts';
import { RecorderController, type RecorderState } from './recorder-controller.ts';
import { LONG_RECORDING_MS, type RecorderOptions } from './recorder-options.ts';
import type { MediaRecorderLike, RecorderPorts } from './recorder-ports.ts';

/** Stands in for the browser's MediaRecorder: the test decides when slices arrive. */
class FakeMediaRecorder implements MediaRecorderLike {
  readonly mimeType = 'audio/webm;codecs=opus';
  state: MediaRecorderLike['state'] = 'inactive';
  timeslice: number | undefined;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  start(timeslice?: number) {
    this.timeslice = timeslice;
    this.state = 'recording';
  }
  slice(...bytes: number[]) {
    this.ondataavailable?.({ data: new Blob([new Uint8Array(bytes)]) });
  }
  stop() {
    this.state = 'inactive';
    this.slice(0xff);
    this.onstop?.();
  }
}

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
  let now: number;
  let timers: { at: number; run: () => void }[];
  let recorder: FakeMediaRecorder;
  let constraints: MediaStreamConstraints[];
  let recorderOptions: MediaRecorderOptions[];
  let tracksStopped: number;
  let permission: 'granted' | 'denied' | 'missing';
  let errors: string[];
  let controller: RecorderController;
  let held: Set<string>;

  const advance = (ms: number) => {
    now += ms;
    for (const timer of timers.filter((t) => t.at <= now)) {
      timers.splice(timers.indexOf(timer), 1);
      timer.run();
    }
  };
  const settle = async (until: (state: RecorderState) => boolean) => {
    for (let i = 0; i < 100 && !until(controller.getSnapshot()); i++)
      await new Promise((r) => setTimeout(r, 1));
    return controller.getSnapshot();
  };

  beforeEach(async () => {
    db = await openUserDatabase(USER, { indexedDB: new IDBFactory(), IDBKeyRange });
    now = Date.UTC(2026, 10, 22, 8);
    timers = [];
    constraints = [];
    recorderOptions = [];
    tracksStopped = 0;
    permission = 'granted';
    errors = [];
    held = new Set();
    const clock = { now: () => now, timeZone: () => 'UTC' };
    const ports: RecorderPorts = {
      getUserMedia: (wanted) => {
        constraints.push(wanted);
        if (permission === 'denied') return Promise.reject(new DOMException('denied', 'NotAllowedError'));
        if (permission === 'missing') return Promise.reject(new DOMException('none', 'NotFoundError'));
        return Promise.resolve({ getTracks: () => [{ stop: () => void (tracksStopped += 1) }] });
      },
      createRecorder: (_stream, options) => {
        recorderOptions.push(options);
        recorder = new FakeMediaRecorder();
        return recorder;
      },
      now: () => now,
      setTimeout: (run, ms) => {
        const timer = { at: now + ms, run };
        timers.push(timer);
        return timer;
      },
      clearTimeout: (handle) => void timers.splice(timers.indexOf(handle as (typeof timers)[number]), 1),
      holdWhileRecording: (id) => {
        held.add(id);
        return () => held.delete(id);
      },
      commands: createCommands(db, { clock, ids: createTestIds(5) }),
    };
    controller = new RecorderController(ports, (message) => errors.push(message));
  });
  afterEach(() => db.close());

  it('stores a slice every second as it arrives and keeps the recording when stopped', async () => {
    controller.start(OPTIONS);
    const recording = await settle((s) => s.kind === 'recording');
    if (recording.kind !== 'recording') throw new Error('not recording');
    expect(recorder.timeslice).toBe(1000);
    // Other tabs can tell this recording is alive, not cut off.
    expect([...held]).toEqual([recording.recordingId]);
    expect(recorderOptions).toEqual([{ audioBitsPerSecond: 128_000 }]);
    expect(constraints).toEqual([{ audio: true }]);

    advance(1000);
    recorder.slice(1, 2);
    advance(1000);
    recorder.slice(3);
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
    expect(tracksStopped).toBe(1);
    expect(held.size).toBe(0);
  });

  it('counts down 3, 2, 1 unless faster recording is on, and a stop during it records nothing', async () => {
    controller.start({ ...OPTIONS, countdown: true });
    expect(controller.getSnapshot()).toEqual({ kind: 'countdown', remaining: 3 });
    advance(1000);
    expect(controller.getSnapshot()).toEqual({ kind: 'countdown', remaining: 2 });
    controller.stop();
    expect(controller.getSnapshot()).toEqual({ kind: 'ready' });
    advance(5000);
    expect(constraints).toEqual([]);

    controller.start({ ...OPTIONS, countdown: true });
    advance(1000);
    advance(1000);
    advance(1000);
    expect((await settle((s) => s.kind === 'recording')).kind).toBe('recording');
  });

  it('asks before keeping per recording_confirmation, and a discard removes the audio', async () => {
    controller.start({ ...OPTIONS, confirmation: 'always', deviceId: 'mic-2' });
    await settle((s) => s.kind === 'recording');
    expect(constraints).toEqual([{ audio: { deviceId: { exact: 'mic-2' } } }]);
    advance(2000);
    controller.stop();
    const confirming = await settle((s) => s.kind === 'confirming');
    expect(confirming).toMatchObject({ kind: 'confirming', durationMs: 2000 });
    expect(await db.recordings.count()).toBe(0);
    await controller.discard();
    expect(controller.getSnapshot()).toEqual({ kind: 'ready' });
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

  it('says why when the microphone is refused or missing', async () => {
    permission = 'denied';
    controller.start(OPTIONS);
    expect(await settle((s) => s.kind === 'failed')).toEqual({ kind: 'failed', problem: 'permission' });
    controller.reset();
    permission = 'missing';
    controller.start(OPTIONS);
    expect(await settle((s) => s.kind === 'failed')).toEqual({ kind: 'failed', problem: 'no_device' });
    expect(errors).toHaveLength(2);
    expect(await db.local_recordings.count()).toBe(0);
  });
});
