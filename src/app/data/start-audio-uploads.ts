import type { Commands } from '../../db/commands/create-commands.ts';
import type { MurmurDatabase } from '../../db/schema.ts';
import { appConfig } from '../../lib/config.ts';
import { loadSupabase } from '../../lib/load-supabase.ts';
import { AudioRemover } from '../../sync/audio-remover.ts';
import { AudioUploader } from '../../sync/audio-uploader.ts';
import { browserConnectivity, realClock, realRandom, realTimers, webLocks } from '../../sync/real-ports.ts';
import type { SyncEngine } from '../../sync/sync-engine.ts';

/**
 * Starts uploading kept recordings' audio (and removing deleted recordings' audio) beside the sync engine: a run at start, after every sync that
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
    onError: (id, error) => console.warn(`Audio upload of recording ${id} failed; it will be retried`, error),
  });
  const stopStatus = engine.status.subscribe((status) => {
    if (status.state === 'up_to_date') {
      void uploader.poke();
      void remover.poke();
    }
  });
  void uploader.poke();
  void remover.poke();
  return () => {
    stopStatus();
    uploader.stop();
    remover.stop();
  };
}
