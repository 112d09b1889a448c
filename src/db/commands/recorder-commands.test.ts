import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createTestIds } from '../../testing/sync/test-ids.ts';
import { openUserDatabase } from '../open-user-database.ts';
import type { MurmurDatabase } from '../schema.ts';
import { createCommands, type Commands } from './create-commands.ts';

const USER = '0000aaaa-0000-7000-8000-0000000000b1';
let now = Date.UTC(2026, 10, 22, 8, 0, 0);
const clock = { now: () => now, timeZone: () => 'Europe/Berlin' };
const bytes = (...values: number[]) => new Uint8Array(values).buffer;

describe('recorder commands', () => {
  let db: MurmurDatabase;
  let commands: Commands;

  beforeEach(async () => {
    now = Date.UTC(2026, 10, 22, 8, 0, 0);
    db = await openUserDatabase(USER, { indexedDB: new IDBFactory(), IDBKeyRange });
    commands = createCommands(db, { clock, ids: createTestIds(3) });
  });
  afterEach(() => db.close());

  it('stores each slice as it arrives, in order, with the size and time so far', async () => {
    const id = await commands.startLocalRecording({
      mime_type: 'audio/webm',
      destination: { kind: 'new_note' },
    });
    await commands.appendAudioChunk(id, 0, bytes(1, 2, 3), 1000);
    await commands.appendAudioChunk(id, 1, bytes(4, 5), 2000);
    const chunks = await db.audio_chunks.where('recording_id').equals(id).sortBy('seq');
    expect(chunks.map((chunk) => [...new Uint8Array(chunk.data)])).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    expect(await db.local_recordings.get(id)).toMatchObject({
      state: 'recording',
      size_bytes: 5,
      duration_ms: 2000,
    });
    // Nothing is synced before the user keeps it.
    expect(await db.recordings.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps a recording as synced metadata, a queued job and a pending upload, all at once', async () => {
    const id = await commands.startLocalRecording({
      mime_type: 'audio/webm;codecs=opus',
      destination: { kind: 'new_diary_entry', day: '2026-11-22' },
    });
    await commands.appendAudioChunk(id, 0, bytes(9, 9), 1000);
    const jobId = await commands.keepRecording(id, { durationMs: 1400, keepAudio: true });

    expect(await db.recordings.get(id)).toMatchObject({
      id,
      mime_type: 'audio/webm;codecs=opus',
      size_bytes: 2,
      duration_ms: 1400,
      storage_path: `${USER}/${id}`,
      transcript: '',
      segments: [],
      created_at: '2026-11-22T08:00:00.000Z',
    });
    expect(await db.outbox.where({ table: 'recordings', entity_id: id }).count()).toBe(1);
    expect(await db.local_recordings.get(id)).toMatchObject({
      state: 'saved',
      upload: { status: 'pending' },
    });
    expect(await db.transcription_jobs.get(jobId)).toMatchObject({
      recording_id: id,
      status: 'queued',
      attempts: 0,
      destination: { kind: 'new_diary_entry', day: '2026-11-22' },
    });
    await expect(commands.keepRecording(id, { keepAudio: true })).rejects.toThrow(/already kept/);
  });

  it('queues no upload when the audio goes after transcription, and links a field destination', async () => {
    const noteId = await commands.createNote({ title: 'Plans' });
    const id = await commands.startLocalRecording({
      mime_type: 'audio/webm',
      destination: { kind: 'field', table: 'notes', id: noteId, field: 'body' },
    });
    await commands.keepRecording(id, { keepAudio: false });
    expect(await db.recordings.get(id)).toMatchObject({ entry_table: 'notes', entry_id: noteId });
    expect((await db.local_recordings.get(id))?.upload.status).toBe('not_kept');
  });

  it('offers back recordings cut off mid-way or left unanswered, with their audio, and lets the user discard them', async () => {
    const cut = await commands.startLocalRecording({
      mime_type: 'audio/webm',
      destination: { kind: 'new_note' },
    });
    await commands.appendAudioChunk(cut, 0, bytes(7), 1000);
    const waiting = await commands.startLocalRecording({
      mime_type: 'audio/webm',
      destination: { kind: 'new_note' },
    });
    await commands.awaitConfirmation(waiting, 500);

    // A recording another tab is still making, or still asking about, is left alone.
    const live = await commands.startLocalRecording({
      mime_type: 'audio/webm',
      destination: { kind: 'new_note' },
    });
    const asking = await commands.startLocalRecording({
      mime_type: 'audio/webm',
      destination: { kind: 'new_note' },
    });
    await commands.awaitConfirmation(asking, 700);
    const offered = await commands.markInterruptedRecordings([live, asking]);
    expect((await db.local_recordings.get(live))?.state).toBe('recording');
    expect((await db.local_recordings.get(asking))?.state).toBe('pending_confirmation');
    // Nobody answered whether to keep `waiting`: it is offered back like a cut-off one, not dropped.
    expect(offered.map((row) => [row.recording_id, row.state]).sort()).toEqual(
      [
        [cut, 'interrupted'],
        [waiting, 'interrupted'],
      ].sort(),
    );
    // An interrupted recording can be kept like any other.
    await commands.keepRecording(cut, { keepAudio: false });
    expect(await db.recordings.get(cut)).toMatchObject({ size_bytes: 1, duration_ms: 1000 });

    await commands.discardLocalRecording(waiting);
    expect(await db.local_recordings.get(waiting)).toBeUndefined();
    await expect(commands.discardLocalRecording(cut)).rejects.toThrow(/is kept/);
  });

  it('refuses slices for a recording that is not being recorded', async () => {
    await expect(commands.appendAudioChunk('missing', 0, bytes(1), 1000)).rejects.toThrow(
      /not being recorded/,
    );
  });
});

describe('transcription job commands', () => {
  let db: MurmurDatabase;
  let commands: Commands;

  beforeEach(async () => {
    db = await openUserDatabase(USER, { indexedDB: new IDBFactory(), IDBKeyRange });
    commands = createCommands(db, { clock, ids: createTestIds(4) });
  });
  afterEach(() => db.close());

  it('claims, defers, fails and retries a job, and requeues one cut off while running', async () => {
    const id = await commands.startLocalRecording({
      mime_type: 'audio/webm',
      destination: { kind: 'new_note' },
    });
    const jobId = await commands.keepRecording(id, { keepAudio: false });

    await commands.claimTranscriptionJob(jobId);
    expect(await db.transcription_jobs.get(jobId)).toMatchObject({ status: 'running', attempts: 1 });
    await expect(commands.claimTranscriptionJob(jobId)).rejects.toThrow(/not queued/);
    expect(await commands.requeueInterruptedJobs()).toBe(1);

    await commands.claimTranscriptionJob(jobId);
    await commands.deferTranscriptionJob(jobId, 'rate limited', '2026-11-22T08:01:00.000Z');
    expect(await db.transcription_jobs.get(jobId)).toMatchObject({
      status: 'queued',
      attempts: 2,
      last_error: 'rate limited',
      next_attempt_at: '2026-11-22T08:01:00.000Z',
    });
    await commands.claimTranscriptionJob(jobId);
    await commands.failTranscriptionJob(jobId, 'bad audio');
    expect(await db.transcription_jobs.get(jobId)).toMatchObject({
      status: 'failed',
      last_error: 'bad audio',
    });
    await commands.retryTranscriptionJob(jobId);
    expect(await db.transcription_jobs.get(jobId)).toMatchObject({
      status: 'queued',
      attempts: 0,
      last_error: null,
    });
    await commands.claimTranscriptionJob(jobId);
    await commands.completeTranscriptionJob(jobId);
    expect((await db.transcription_jobs.get(jobId))?.status).toBe('done');
  });
});
