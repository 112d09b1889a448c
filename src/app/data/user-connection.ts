import { deviceLocalCommands } from '../../db/commands/device-local-commands.ts';
import { notifyAfterWrites } from './notify-after-writes.ts';
import type { UserSync } from './start-user-sync.ts';
import type { UserConnection } from './user-data-backend.ts';
import type { UserData } from '../../lib/user-data/user-data-context.ts';

/**
 * Starts syncing a user's open data (the data it gets has the connection's commands); resolves to null
 * where this build cannot sync.
 */
export type StartSync = (data: UserData) => Promise<UserSync | null>;

/**
 * Puts an open database and its sync together: screens get the data at once and the engine attaches
 * when `startSync` resolves (ADR 0100). Closing stops the engine before the database it reads goes away;
 * an engine that arrives after close is stopped as it arrives, so it never syncs for a user who signed
 * out or was replaced by another account (R30). Sync failing to start never takes the journal away.
 */
export function userConnection(opened: UserData, startSync: StartSync): UserConnection {
  let sync: UserSync | null = null;
  let closed = false;
  let unannouncedWrite = false;
  // Wrapped once, so screens keep one commands object when sync arrives (R27 once there is an engine).
  // A write before then is in the outbox already: engine.start() pushes what is there, and a write after
  // start() but before the start resolved (the audio uploads loading) is told as the engine attaches.
  const commands = notifyAfterWrites(
    opened.commands,
    {
      starting: () => sync?.engine.notifyWriteStarting(),
      written: () => {
        if (sync) sync.engine.notifyLocalWrite();
        else unannouncedWrite = true;
      },
    },
    deviceLocalCommands,
  );
  const data: UserData = { ...opened, commands };
  // A start that throws synchronously is a failed start too.
  const started = Promise.resolve()
    .then(() => startSync(data))
    .then(
      (late) => {
        if (closed) {
          late?.dispose();
          return null;
        }
        sync = late;
        if (unannouncedWrite) late?.engine.notifyLocalWrite();
        return late;
      },
      (error: unknown) => {
        console.error('Murmur could not start syncing; changes stay on this device', error);
        return null;
      },
    );
  return {
    data,
    sync: started,
    close() {
      closed = true;
      sync?.dispose();
      sync = null;
      opened.db.close();
    },
  };
}
