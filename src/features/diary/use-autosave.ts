import { useCallback, useEffect, useRef, useState } from 'react';

import { keepDraftSaver } from '../../lib/drafts/unsaved-drafts.ts';

export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'failed';

/**
 * Saves a draft a moment after the last keystroke, and at once when the page is hidden or the editor
 * closes, so no typed word waits on a timer that never fires. Saves run one at a time in order.
 */
export function useAutosave<T>(save: (value: T) => Promise<void>, delayMs = 400) {
  const [state, setState] = useState<SaveState>('idle');
  const pending = useRef<{ value: T } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const flush = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    const next = pending.current;
    if (!next) return chain.current;
    pending.current = null;
    setState('saving');
    chain.current = chain.current
      .then(() => saveRef.current(next.value))
      .then(
        () => setState(pending.current ? 'pending' : 'saved'),
        (error: unknown) => {
          console.error('Saving failed', error);
          // Keep the unsaved value so the next edit or flush tries again.
          pending.current ??= next;
          setState('failed');
        },
      );
    return chain.current;
  }, []);

  const schedule = useCallback(
    (value: T) => {
      pending.current = { value };
      setState('pending');
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), delayMs);
    },
    [delayMs, flush],
  );

  // A newer Murmur taking the database over in another tab waits for this draft (unsaved-drafts.ts).
  useEffect(() => keepDraftSaver(flush), [flush]);

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    const onPageHide = () => void flush();
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
      void flush();
    };
  }, [flush]);

  return { state, schedule, flush };
}
