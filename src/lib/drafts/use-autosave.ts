import { useCallback, useEffect, useRef, useState } from 'react';

import { keepDraftSaver } from './unsaved-drafts.ts';

/**
 * `pending` lasts from the first unsaved keystroke until its IndexedDB commit, the write included: the
 * editor shows the same "Saving…" throughout, so a separate state for the write would only re-render
 * the editor in the middle of the transaction and delay its commit.
 */
export type SaveStatus = 'idle' | 'pending' | 'saved' | 'error';

export const AUTOSAVE_DELAY_MS = 400;

/**
 * Each save's duration, from the command to its IndexedDB commit, as a User Timing measure
 * ('murmur:autosave') that a PerformanceObserver sees (the notes-list benchmark does). Cleared from the
 * timeline at once, so a long writing session keeps no growing list of entries.
 */
const SAVE_MEASURE = 'murmur:autosave';

function measureSave(started: number): void {
  if (typeof performance.measure !== 'function') return;
  performance.measure(SAVE_MEASURE, { start: started, end: performance.now() });
  performance.clearMeasures(SAVE_MEASURE);
}

export interface Autosave<P> {
  status: SaveStatus;
  /** Queues fields to save after the debounce; later fields overwrite earlier ones. */
  schedule: (patch: P) => void;
  /** Saves whatever is queued now; resolves when it is written (or failed, which the status shows). */
  flush: () => Promise<void>;
}

/**
 * Debounced saving that never loses a word: whatever is queued is written when typing pauses, and at
 * once when the page is hidden or closed (pagehide, visibilitychange) or the editor unmounts. Saves run
 * one after another, so an older value never lands after a newer one. A failed save keeps its fields
 * queued, merged under anything typed since, for the next attempt.
 */
export function useAutosave<P extends object>(
  save: (patch: P) => Promise<unknown>,
  delayMs = AUTOSAVE_DELAY_MS,
): Autosave<P> {
  const [status, setStatus] = useState<SaveStatus>('idle');
  const saveRef = useRef(save);
  const pending = useRef<P | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const mounted = useRef(true);

  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const setIfMounted = useCallback((next: SaveStatus) => {
    if (mounted.current) setStatus(next);
  }, []);

  const flush = useCallback((): Promise<void> => {
    if (timer.current !== null) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    const patch = pending.current;
    if (patch === null) return chain.current;
    pending.current = null;
    chain.current = chain.current.then(async () => {
      try {
        const started = performance.now();
        await saveRef.current(patch);
        measureSave(started);
        if (pending.current === null) setIfMounted('saved');
      } catch (error) {
        console.error('Murmur could not save a draft', error);
        pending.current = { ...patch, ...pending.current };
        setIfMounted('error');
      }
    });
    return chain.current;
  }, [setIfMounted]);

  const schedule = useCallback(
    (patch: P) => {
      pending.current = { ...pending.current, ...patch };
      setIfMounted('pending');
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), delayMs);
    },
    [delayMs, flush, setIfMounted],
  );

  // A newer Murmur taking the database over in another tab waits for this draft (unsaved-drafts.ts).
  useEffect(() => keepDraftSaver(flush), [flush]);

  useEffect(() => {
    mounted.current = true;
    const onHide = () => void flush();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      mounted.current = false;
      void flush();
    };
  }, [flush]);

  return { status, schedule, flush };
}
