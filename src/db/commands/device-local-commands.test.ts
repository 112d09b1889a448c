import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createTestIds } from '../../testing/sync/test-ids.ts';
import { openUserDatabase } from '../open-user-database.ts';
import type { MurmurDatabase } from '../schema.ts';
import { createCommands, type Commands } from './create-commands.ts';
import { deviceLocalCommands } from './device-local-commands.ts';

const USER = '0000aaaa-0000-7000-8000-0000000000b2';
const clock = { now: () => Date.UTC(2026, 10, 22, 8, 0, 0), timeZone: () => 'Europe/Berlin' };

describe('device-local commands', () => {
  let db: MurmurDatabase;
  let commands: Commands;

  beforeEach(async () => {
    db = await openUserDatabase(USER, { indexedDB: new IDBFactory(), IDBKeyRange });
    commands = createCommands(db, { clock, ids: createTestIds(5) });
  });
  afterEach(() => db.close());

  it('[R27] queue nothing for sync, so they need not ask it to run', async () => {
    const used = new Set<keyof Commands>();
    /** Runs a device-local command and checks the outbox did not grow. */
    const local = async <K extends keyof Commands>(
      name: K,
      ...args: Parameters<Commands[K]>
    ): Promise<Awaited<ReturnType<Commands[K]>>> => {
      expect(deviceLocalCommands.has(name)).toBe(true);
      used.add(name);
      const before = await db.outbox.count();
      const command = commands[name] as (...input: Parameters<Commands[K]>) => ReturnType<Commands[K]>;
      const result = await command(...args);
      expect(await db.outbox.count(), name).toBe(before);
      return result;
    };

    const cut = await local('startLocalRecording', {
      mime_type: 'audio/webm',
      destination: { kind: 'new_note' },
    });
    await local('appendAudioChunk', cut, 0, new Uint8Array([1, 2]).buffer, 1000);
    await local('markInterruptedRecordings', []);
    await local('discardLocalRecording', cut);

    const kept = await local('startLocalRecording', {
      mime_type: 'audio/webm',
      destination: { kind: 'new_note' },
    });
    await local('appendAudioChunk', kept, 0, new Uint8Array([3]).buffer, 500);
    await local('awaitConfirmation', kept, 500);
    // Keeping a recording is synced: its metadata row is queued.
    const job = await commands.keepRecording(kept, { keepAudio: false });
    expect(await db.outbox.count()).toBe(1);
    await local('claimTranscriptionJob', job);
    await local('requeueInterruptedJobs');
    await local('claimTranscriptionJob', job);
    await local('deferTranscriptionJob', job, 'offline', null, { countAttempt: false });
    await local('failTranscriptionJob', job, 'gave up');
    await local('retryTranscriptionJob', job);
    await local('completeTranscriptionJob', job);
    await local('removeLocalAudio', kept);

    await local('keepFormDraft', 'mood:new:2026-11-22', { note: 'half a thought' });
    await local('discardFormDraft', 'mood:new:2026-11-22');
    await local('keepUnwrittenWords', 'notes', 'gone', { body: 'words with nowhere to go' }, 'not here');
    await local('newNoteId');
    await local('newDiaryEntryId');
    await local('startResendingWrittenEntries');
    await local('resendingWrittenEntries');
    await local('allowCloudTranscription', true);
    await local('cloudTranscriptionAllowed');
    await local('dropSealedRows');

    // Every command the set names was run above.
    expect([...deviceLocalCommands].filter((name) => !used.has(name))).toEqual([]);
  });
});
