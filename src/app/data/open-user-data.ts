import { lazyCommands } from '../../db/commands/lazy-commands.ts';
import { handOverToNewerVersion } from '../../db/hand-over-to-newer-version.ts';
import { openUserDatabase } from '../../db/open-user-database.ts';
import { saveEveryDraft } from '../../lib/drafts/unsaved-drafts.ts';
import { realIds, realClock } from '../../sync/real-ports.ts';
import type { UserData } from '../../lib/user-data/user-data-context.ts';

/** How long a newer Murmur in another tab waits for this tab's drafts before it takes the database. */
const HAND_OVER_WAIT_MS = 3_000;

/**
 * Opens a user's database with the real clock and ids. Loaded lazily: Dexie is not needed to paint. The
 * commands' own code loads with the first write.
 */
export async function openUserData(userId: string): Promise<UserData> {
  const db = await openUserDatabase(userId);
  // A newer version in another tab changed the database: this tab's code no longer matches it. Once
  // the drafts are written, reload into the newer version (the same screen, every word kept).
  handOverToNewerVersion(db, {
    saveDrafts: saveEveryDraft,
    maxWaitMs: HAND_OVER_WAIT_MS,
    setTimer: (run, ms) => setTimeout(run, ms),
    onHandedOver: () => window.location.reload(),
  });
  return { userId, db, commands: lazyCommands(db, { clock: realClock, ids: realIds }) };
}
