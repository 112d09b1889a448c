import { useCallback, useEffect, useState } from 'react';

import { type DownloadProgress, localWhisper } from './local-whisper.ts';

export type OnDeviceModelState =
  | { kind: 'checking' }
  | { kind: 'absent'; size: number | null }
  | { kind: 'downloading'; progress: DownloadProgress | null }
  | { kind: 'ready' }
  | { kind: 'failed'; message: string; size: number | null };

/**
 * Whether Local Processing's model is on this device, and the actions on it. The size is asked of the
 * model host before anything is downloaded, so the user sees what a download costs; nothing is
 * fetched until they choose to download.
 */
export function useOnDeviceModel(): {
  state: OnDeviceModelState;
  download: () => void;
  remove: () => void;
} {
  const [state, setState] = useState<OnDeviceModelState>({ kind: 'checking' });

  const check = useCallback(async () => {
    if (await localWhisper.isOnDevice()) return setState({ kind: 'ready' });
    setState({ kind: 'absent', size: null });
    const size = await localWhisper.downloadSize();
    setState((current) => (current.kind === 'absent' ? { kind: 'absent', size } : current));
  }, []);

  useEffect(() => {
    let live = true;
    const recheck = () => {
      if (live) void check();
    };
    recheck();
    // Offline the size is unknown; it is asked again when the connection returns.
    window.addEventListener('online', recheck);
    return () => {
      live = false;
      window.removeEventListener('online', recheck);
    };
  }, [check]);

  const download = useCallback(() => {
    const size = state.kind === 'absent' || state.kind === 'failed' ? state.size : null;
    setState({ kind: 'downloading', progress: null });
    localWhisper
      .download((progress) => setState({ kind: 'downloading', progress }))
      .then(
        () => setState({ kind: 'ready' }),
        (error: unknown) =>
          setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error), size }),
      );
  }, [state]);

  const remove = useCallback(() => {
    void localWhisper.remove().then(check);
  }, [check]);

  return { state, download, remove };
}
