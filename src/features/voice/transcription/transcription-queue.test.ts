import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createCommands, type Commands } from '../../../db/commands/create-commands.ts';
import { defaultUserSettings } from '../../../db/entities/user-settings.ts';
import type { TranscriptionJob } from '../../../db/entities/voice-local.ts';
import { openUserDatabase } from '../../../db/open-user-database.ts';
import type { MurmurDatabase } from '../../../db/schema.ts';
import { createTestIds } from '../../../testing/sync/test-ids.ts';
import { MAX_TRANSCRIPTION_ATTEMPTS, TranscriptionQueue } from './transcription-queue.ts';
import {
  TranscriptionFailure,
  type TranscriptionSettings,
  type TranscriptResult,
} from './transcription-transport.ts';

const USER = '0000aaaa-0000-7000-8000-0000000000d1';

describe('TranscriptionQueue', () => {
  let db: MurmurDatabase;
  let commands: Commands;
  let now: number;
  let online: boolean;
  let onlineListeners: ((online: boolean) => void)[];
  let timers: { at: number; run: () => void }[];
  let answers: (TranscriptResult | TranscriptionFailure)[];
  let sent: { size: number; type: string; service: string }[];
  let delivered: { job: TranscriptionJob; text: string }[];
  let settings: TranscriptionSettings;
  let queue: TranscriptionQueue;

  const settle = () => expect.poll(() => queue.idle).toBe(true);
  const job = async (id: string) => db.transcription_jobs.where('recording_id').equals(id).first();

  async function recordAndKeep(keepAudio: boolean) {
    const id = await commands.startLocalRecording({
      mime_type: 'audio/webm',
      destination: { kind: 'new_note' },
    });
    await commands.appendAudioChunk(id, 0, new Uint8Array([1, 2, 3]).buffer, 1000);
    await commands.appendAudioChunk(id, 1, new Uint8Array([4]).buffer, 2000);
    await commands.keepRecording(id, { keepAudio });
    return id;
  }

  beforeEach(async () => {
    db = await openUserDatabase(USER, { indexedDB: new IDBFactory(), IDBKeyRange });
    now = Date.UTC(2026, 10, 22, 8);
    commands = createCommands(db, {
      clock: { now: () => now, timeZone: () => 'UTC' },
      ids: createTestIds(6),
    });
    online = true;
    onlineListeners = [];
    timers = [];
    answers = [];
    sent = [];
    delivered = [];
    settings = defaultUserSettings(USER);
    queue = new TranscriptionQueue({
      db,
      commands,
      transport: {
        transcribe: (audio, chosen) => {
          sent.push({ size: audio.size, type: audio.type, service: chosen.transcription_service });
          const answer = answers.shift() ?? { text: 'Hello lake', language: 'en', segments: [] };
          // A request lost to the network: the device is offline by the time the failure arrives.
          if (answer instanceof TranscriptionFailure && answer.offline) online = false;
          return answer instanceof TranscriptionFailure ? Promise.reject(answer) : Promise.resolve(answer);
        },
        // As the real chosen transport: only Local Processing needs no connection.
        worksOffline: (chosen) => chosen.transcription_service === 'local',
      },
      settings: () => settings,
      deliver: (delivering, transcript) => {
        delivered.push({ job: delivering, text: transcript.text });
        return Promise.resolve();
      },
      now: () => now,
      timers: {
        setTimeout: (run, ms) => {
          const timer = { at: now + ms, run };
          timers.push(timer);
          return timer;
        },
        clearTimeout: (handle) => void timers.splice(timers.indexOf(handle as (typeof timers)[number]), 1),
      },
      random: () => 0.5,
      connectivity: {
        isOnline: () => online,
        subscribe: (listener) => {
          onlineListeners.push(listener);
          return () => undefined;
        },
      },
      logError: () => undefined,
    });
  });
  afterEach(() => {
    queue.stop();
    db.close();
  });

  const advance = (ms: number) => {
    now += ms;
    for (const timer of timers.filter((t) => t.at <= now)) {
      timers.splice(timers.indexOf(timer), 1);
      timer.run();
    }
  };

  it('transcribes a kept recording at once: the whole audio sent, transcript saved and delivered, audio removed', async () => {
    await queue.start();
    const id = await recordAndKeep(false);
    await expect.poll(async () => (await job(id))?.status).toBe('done');
    expect(sent).toEqual([{ size: 4, type: 'audio/webm', service: 'whisper' }]);
    expect(delivered.map((d) => [d.job.recording_id, d.text])).toEqual([[id, 'Hello lake']]);
    expect((await db.recordings.get(id))?.transcript).toBe('Hello lake');
    // auto_delete_recordings: the audio leaves the device once the words are safe.
    expect(await db.audio_chunks.count()).toBe(0);
    expect((await db.local_recordings.get(id))?.audio_on_device).toBe(false);
  });

  it('waits for the connection unless the chosen transcription runs on this device', async () => {
    online = false;
    await queue.start();
    const id = await recordAndKeep(true);
    await settle();
    expect((await job(id))?.status).toBe('queued');
    expect(sent).toEqual([]);

    settings = { ...settings, transcription_service: 'local' };
    queue.kick();
    await expect.poll(async () => (await job(id))?.status).toBe('done');
    expect(sent).toEqual([{ size: 4, type: 'audio/webm', service: 'local' }]);
    expect((await db.recordings.get(id))?.transcript).toBe('Hello lake');
  });

  it('keeps the audio when the user keeps recordings', async () => {
    await queue.start();
    const id = await recordAndKeep(true);
    await expect.poll(async () => (await job(id))?.status).toBe('done');
    expect(await db.audio_chunks.count()).toBe(2);
  });

  it("keeps the transcript's timings, leaving out a segment the record cannot hold", async () => {
    answers.push({
      text: 'Good morning. Rain today.',
      language: 'en',
      segments: [
        { start: 0, end: 1.4, text: 'Good morning.', speaker: 'speaker_0' },
        { start: 2, end: 1, text: 'ends before it starts' },
        { start: 1.4, end: 3, text: 'Rain today.', speaker: 'speaker_1' },
      ],
    });
    await queue.start();
    const id = await recordAndKeep(true);
    await expect.poll(async () => (await job(id))?.status).toBe('done');
    expect((await db.recordings.get(id))?.segments).toEqual([
      { start: 0, end: 1.4, text: 'Good morning.', speaker: 'speaker_0' },
      { start: 1.4, end: 3, text: 'Rain today.', speaker: 'speaker_1' },
    ]);
    // The timings travel with the row to the user's other devices.
    const queued = await db.outbox.where('[table+entity_id]').equals(['recordings', id]).toArray();
    expect(
      queued.some((row) => Array.isArray(row.patch['segments']) && row.patch['segments'].length === 2),
    ).toBe(true);
  });

  it('waits offline without spending attempts and runs when the connection returns', async () => {
    online = false;
    await queue.start();
    const id = await recordAndKeep(false);
    await settle();
    expect(sent).toEqual([]);
    expect((await job(id))?.status).toBe('queued');

    online = true;
    for (const listener of onlineListeners) listener(true);
    await expect.poll(async () => (await job(id))?.status).toBe('done');
  });

  it('a connection lost mid-request puts the job back without counting it', async () => {
    await queue.start();
    answers.push(new TranscriptionFailure('fetch failed', { retryable: true, offline: true }));
    const id = await recordAndKeep(false);
    await expect.poll(async () => (await job(id))?.last_error).toBe('fetch failed');
    expect(await job(id)).toMatchObject({ status: 'queued', attempts: 0, next_attempt_at: null });
    online = true;
    for (const listener of onlineListeners) listener(true);
    await expect.poll(async () => (await job(id))?.status).toBe('done');
    expect(sent).toHaveLength(2);
  });

  it('retries a temporary failure after the provider’s Retry-After or the backoff, then gives up with the reason', async () => {
    await queue.start();
    answers.push(new TranscriptionFailure('busy', { retryable: true, retryAfterMs: 20_000 }));
    const id = await recordAndKeep(false);
    await expect
      .poll(async () => (await job(id))?.next_attempt_at)
      .toBe(new Date(now + 20_000).toISOString());
    await settle();
    advance(19_999);
    expect(sent).toHaveLength(1);
    for (let i = 1; i < MAX_TRANSCRIPTION_ATTEMPTS; i++)
      answers.push(new TranscriptionFailure(`down ${i}`, { retryable: true }));
    advance(1);
    for (let attempt = 2; attempt <= MAX_TRANSCRIPTION_ATTEMPTS; attempt++) {
      await expect.poll(() => sent.length).toBe(attempt);
      await settle();
      advance(10 * 60_000);
    }
    await expect.poll(async () => (await job(id))?.status).toBe('failed');
    expect(await job(id)).toMatchObject({
      attempts: MAX_TRANSCRIPTION_ATTEMPTS,
      last_error: `down ${MAX_TRANSCRIPTION_ATTEMPTS - 1}`,
    });
    // Nothing is lost: the audio waits for the user's retry.
    expect(await db.audio_chunks.count()).toBe(2);

    await commands.retryTranscriptionJob((await job(id))?.id ?? '');
    await expect.poll(async () => (await job(id))?.status).toBe('done');
  });

  it('fails at once, with the reason, when the provider rejects the audio', async () => {
    await queue.start();
    answers.push(
      new TranscriptionFailure('Whisper could not transcribe this recording.', { retryable: false }),
    );
    const id = await recordAndKeep(false);
    await expect.poll(async () => (await job(id))?.status).toBe('failed');
    expect(sent).toHaveLength(1);
    expect((await job(id))?.last_error).toBe('Whisper could not transcribe this recording.');
  });

  it('picks up a job cut off while running when it starts again', async () => {
    const id = await recordAndKeep(false);
    const jobId = (await job(id))?.id ?? '';
    await commands.claimTranscriptionJob(jobId);
    await queue.start();
    await expect.poll(async () => (await job(id))?.status).toBe('done');
  });
});
