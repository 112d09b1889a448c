import type { Commands } from '../../db/commands/create-commands.ts';
import type { MurmurDatabase } from '../../db/schema.ts';
import { appConfig } from '../../lib/config.ts';
import { loadSupabase } from '../../lib/load-supabase.ts';
import { liveQuery } from 'dexie';

import { audioResealing } from '../../db/audio-resealing.ts';
import { journalIsEncrypted } from '../../lib/sync/journal-is-encrypted.ts';
import { AudioRemover } from '../../sync/audio-remover.ts';
import { AudioResealer } from '../../sync/audio-resealer.ts';
import { AudioUploader } from '../../sync/audio-uploader.ts';
import { browserConnectivity, realClock, realRandom, realTimers, webLocks } from '../../sync/real-ports.ts';
import type { SyncEngine } from '../../sync/sync-engine.ts';

/**
 * Starts uploading kept recordings' audio (removing deleted recordings' audio, and sealing or opening
 * stored audio when encryption is turned on or off) beside the sync engine: a run at start, after every sync that
 * leaves nothing queued (the recordings rows are then on the server), and when back online. The transport
 * (tus-js-client) is loaded lazily with it. Returns the stop function.
 */
export async function startAudioUploads(
  db: MurmurDatabase,
  commands: Commands,
  engine: Pick<SyncEngine, 'status'>,
): Promise<() => void> {
  const { createStorageAudioTransport } = await import('../../lib/sync/storage-audio-transport.ts');
  const transport = createStorageAudioTransport(
    await loadSupabase(),
    appConfig.supabaseUrl,
    appConfig.supabaseAnonKey,
  );
  const ports = {
    clock: realClock,
    timers: realTimers,
    random: realRandom,
    connectivity: browserConnectivity,
    locks: webLocks,
  };
  const remover = new AudioRemover({
    db,
    transport,
    ports,
    onError: (id, error) =>
      console.warn(
        `Removing the audio of deleted recording ${id} from Storage failed; it will be retried`,
        error,
      ),
  });
  const uploader = new AudioUploader({
    db,
    markRecordingUploaded: (id) => commands.markRecordingUploaded(id),
    transport,
    ports,
    onError: (id, error) =>
      console.warn(
        id === null
          ? 'Audio uploads wait: Murmur could not tell whether this journal is encrypted'
          : `Audio upload of recording ${id} failed; it will be retried`,
        error,
      ),
    journalEncrypted: () => journalIsEncrypted(db.userId),
  });
  // Encryption turned on or off: stored audio is brought in line (ADR 0153). Its pass holds the uploader's
  // lock, so the uploads it kept waiting are asked for again after it.
  const resealer = new AudioResealer({
    db,
    transport,
    ports,
    onError: (id, error) =>
      console.warn(
        id === null
          ? 'Bringing the recordings’ stored audio in line with encryption is waiting'
          : `Sealing or opening the stored audio of recording ${id} failed; it will be retried`,
        error,
      ),
  });
  const reseal = () => void resealer.poke().then(() => uploader.poke());
  // The step is started by a command in any tab of the device: watching its key starts the work here.
  // Its own position writes re-run the query too; only a new step asks for a run.
  let seenStep: string | undefined;
  const stepStarted = liveQuery(async () => (await audioResealing(db))?.since).subscribe({
    next: (since) => {
      if (since !== undefined && since !== seenStep) reseal();
      seenStep = since;
    },
    error: (error: unknown) => console.error('Watching the audio encryption step failed', error),
  });
  const stopStatus = engine.status.subscribe((status) => {
    if (status.state === 'up_to_date') {
      void uploader.poke();
      void remover.poke();
      reseal();
    }
  });
  void uploader.poke();
  void remover.poke();
  return () => {
    stepStarted.unsubscribe();
    stopStatus();
    uploader.stop();
    remover.stop();
    resealer.stop();
  };
}
