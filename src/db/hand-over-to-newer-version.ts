import type Dexie from 'dexie';

export interface HandOverOptions {
  /** Writes whatever the app holds unsaved (the editors' drafts); the connection waits for it. */
  saveDrafts: () => Promise<void>;
  /** The longest the connection waits for saveDrafts: a stuck tab must not hold the newer one back. */
  maxWaitMs: number;
  setTimer: (run: () => void, ms: number) => void;
  /** After the connection closed: the app reloads into the newer version. */
  onHandedOver: () => void;
}

/**
 * Another tab opened this user's database at a newer schema version (a newer Murmur). Dexie's default
 * closes this connection and reopens it on the next write at the installed version, so this tab's
 * older code would go on writing into the upgraded database, and a draft typed in the autosave pause
 * would miss the upgrade. Instead the connection stays open until the drafts are written (at most
 * maxWaitMs), then closes for good (no auto-open), so the other tab can go on, and the app is told.
 *
 * Returns a function that stops watching.
 */
export function handOverToNewerVersion(db: Dexie, options: HandOverOptions): () => void {
  let handingOver = false;
  const onVersionChange = (event: IDBVersionChangeEvent): false => {
    if (event.newVersion === null) {
      // Deleted (sign-out with "remove this device's data", here or in another tab): nothing to keep.
      db.close();
      return false;
    }
    if (!handingOver) {
      handingOver = true;
      const timedOut = new Promise<void>((resolve) => options.setTimer(resolve, options.maxWaitMs));
      const saved = options.saveDrafts().catch((error: unknown) => {
        console.error('Murmur could not save every draft before a newer version took over', error);
      });
      void Promise.race([saved, timedOut]).then(() => {
        db.close();
        options.onHandedOver();
      });
    }
    // false: Dexie's default handler, which closes the connection at once, does not run.
    return false;
  };
  db.on('versionchange', onVersionChange);
  return () => db.on('versionchange').unsubscribe(onVersionChange);
}
