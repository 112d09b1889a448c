import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The file that says which process owns a data directory, as PostgreSQL's postmaster.pid does. */
export const LOCK_FILE = 'murmur-backend.pid';

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `the data directory ${dataDir} is in use by another Murmur backend (process ${pid}). ` +
        'Stop that backend first, or give this one another DATA_DIR.',
    );
    this.name = 'DataDirInUseError';
  }
}

/** Directories this process holds: its own pid in a lock file is stale only when it holds nothing there. */
const heldHere = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as { code?: unknown }).code === 'EPERM';
  }
}

/**
 * Takes the data directory for this process before its database opens: two embedded databases on one
 * directory overwrite each other's pages and lose acknowledged writes. A lock left by a process that no
 * longer runs (killed, or the machine lost power) is taken over. Resolves to the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, LOCK_FILE);
  const key = resolve(path);
  if (heldHere.has(key)) throw new DataDirInUseError(dataDir, process.pid);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    let fd: number;
    try {
      fd = openSync(path, 'wx', 0o600);
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
      // Its own pid in the file is another life of this process id (a container restarted as pid 1).
      if (Number.isSafeInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner))
        throw new DataDirInUseError(dataDir, owner);
      // Stale: its owner is gone (or it was never written whole). Remove it and try once more.
      unlinkSync(path);
      continue;
    }
    writeSync(fd, `${process.pid}\n`);
    closeSync(fd);
    heldHere.add(key);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      heldHere.delete(key);
      try {
        unlinkSync(path);
      } catch {
        // Already gone (the directory was removed): nothing left to release.
      }
    };
  }
  throw new Error(`could not take the lock ${path}: another process keeps replacing it`);
}
