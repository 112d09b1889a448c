import { useEffect } from 'react';

import type { RecorderHandle } from './recorder-context.ts';

/** Alt+Shift+R: clashes with no browser, screen-reader or OS shortcut we know of. */
function isRecordShortcut(event: KeyboardEvent): boolean {
  return event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyR';
}

/**
 * Alt+Shift+R anywhere starts a recording into a new note, or stops the one under way. A user who may
 * not record is told why (`onRefused`) instead of nothing happening.
 */
export function useRecordShortcut(
  handle: RecorderHandle | null,
  { loading, onRefused }: { loading: boolean; onRefused: () => void },
): void {
  useEffect(() => {
    if (!handle) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isRecordShortcut(event) || event.repeat) return;
      event.preventDefault();
      // While the subscription is still loading the answer is unknown: neither record nor refuse.
      if (loading) return;
      if (!handle.allowed) {
        onRefused();
        return;
      }
      handle.toggle({ kind: 'new_note' });
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [handle, loading, onRefused]);
}
