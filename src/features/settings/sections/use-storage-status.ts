import { useCallback, useEffect, useState } from 'react';

export interface StorageStatus {
  supported: boolean;
  /** null while unknown. */
  persisted: boolean | null;
  usage: number | null;
  quota: number | null;
}

async function readStorageStatus(storage: StorageManager | undefined): Promise<StorageStatus> {
  const status: StorageStatus = {
    supported: Boolean(storage?.persist),
    persisted: null,
    usage: null,
    quota: null,
  };
  if (!storage) return status;
  try {
    const [persisted, estimate] = await Promise.all([
      storage.persisted ? storage.persisted() : Promise.resolve(null),
      storage.estimate ? storage.estimate() : Promise.resolve(null),
    ]);
    return { ...status, persisted, usage: estimate?.usage ?? null, quota: estimate?.quota ?? null };
  } catch (error) {
    console.error('Reading the storage status failed', error);
    return status;
  }
}

/**
 * Whether the browser may evict Murmur's data under storage pressure, and how much it uses. Asking for
 * persistence is the user's choice (browsers may decide without a prompt).
 */
export function useStorageStatus(): [StorageStatus, () => Promise<void>] {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  const [status, setStatus] = useState<StorageStatus>({
    supported: Boolean(storage?.persist),
    persisted: null,
    usage: null,
    quota: null,
  });
  const [reads, setReads] = useState(0);

  useEffect(() => {
    let active = true;
    void readStorageStatus(storage).then((next) => {
      if (active) setStatus(next);
    });
    return () => {
      active = false;
    };
  }, [storage, reads]);

  const requestPersistence = useCallback(async () => {
    if (!storage?.persist) return;
    try {
      await storage.persist();
    } catch (error) {
      console.error('Asking for persistent storage failed', error);
    }
    setReads((count) => count + 1);
  }, [storage]);

  return [status, requestPersistence];
}
