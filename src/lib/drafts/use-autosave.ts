import { useCallback, useEffect, useRef, useState } from 'react';

import { forgetRescue, rescueWrite, type RescuedWrite } from './rescued-writes.ts';
import { keepDraftSaver } from './unsaved-drafts.ts';

/**
 * `pending` lasts from the first unsaved keystroke until its IndexedDB commit, the write included: the
 * editor shows the same "Saving…" throughout, so a separate state for the write would only re-render
 * the editor in the middle of the transaction and delay its commit.
 */
export type SaveStatus = 'idle' | 'pending' | 'saved' | 'error';

const AUTOSAVE_DELAY_MS = 400;

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

export interface AutosaveOptions<P> {
  delayMs?: number;
  /**
   * What to copy to localStorage when the page is unloaded with fields not yet committed (ADR 0108):
   * the user and the command that writes `patch`, or null when there is nothing to write.
   */
  rescue?: (patch: P) => { userId: string; write: RescuedWrite } | null;
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
 * queued, merged under anything typed since, for the next attempt. A page being unloaded cannot finish
 * its write, so what is not yet committed is also copied to localStorage then (`rescue`).
 */
export function useAutosave<P extends object>(
  /** Writes `patch`; `again` queues fields to save next (a merge the save brought back, say). */
  save: (patch: P, again: (patch: P) => void) => Promise<unknown>,
  { delayMs = AUTOSAVE_DELAY_MS, rescue }: AutosaveOptions<P> = {},
): Autosave<P> {
  const [status, setStatus] = useState<SaveStatus>('idle');
  const saveRef = useRef(save);
  const rescueRef = useRef(rescue);
  const pending = useRef<P | null>(null);
  /** Patches handed to `save` whose write has not settled yet, oldest first. */
  const unsettled = useRef<P[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const mounted = useRef(true);
  const again = useRef<(patch: P) => void>(() => undefined);

  useEffect(() => {
    saveRef.current = save;
    rescueRef.current = rescue;
  }, [save, rescue]);

  const setIfMounted = useCallback((next: SaveStatus) => {
    if (mounted.current) setStatus(next);
  }, []);

  const rescuePending = useCallback(() => {
    const copy = pending.current === null ? null : rescueRef.current?.(pending.current);
    if (copy && rescueWrite(copy.userId, copy.write, Date.now()) !== null) pending.current = null;
  }, []);

  const flush = useCallback((): Promise<void> => {
    if (timer.current !== null) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    const patch = pending.current;
    if (patch === null) return chain.current;
    pending.current = null;
    unsettled.current.push(patch);
    chain.current = chain.current.then(async () => {
      try {
        const started = performance.now();
        await saveRef.current(patch, (next) => again.current(next));
        measureSave(started);
        if (pending.current === null) setIfMounted('saved');
      } catch (error) {
        console.error('Murmur could not save a draft', error);
        pending.current = { ...patch, ...pending.current };
        if (mounted.current) setStatus('error');
        // The editor has closed (the user signed out here or in another tab, and the database closed
        // under it): nobody is left to try again, so the words wait in localStorage for the next start.
        else rescuePending();
      } finally {
        unsettled.current = unsettled.current.filter((queued) => queued !== patch);
      }
    });
    return chain.current;
  }, [setIfMounted, rescuePending]);

  const schedule = useCallback(
    (patch: P) => {
      pending.current = { ...pending.current, ...patch };
      setIfMounted('pending');
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), delayMs);
    },
    [delayMs, flush, setIfMounted],
  );

  useEffect(() => {
    again.current = schedule;
  }, [schedule]);

  // A newer Murmur taking the database over in another tab waits for this draft (unsaved-drafts.ts).
  useEffect(() => keepDraftSaver(flush), [flush]);

  useEffect(() => {
    mounted.current = true;
    const onHide = () => {
      const unsaved = pending.current === null ? unsettled.current : [...unsettled.current, pending.current];
      const copy = unsaved.length > 0 ? rescueRef.current?.(Object.assign({}, ...unsaved) as P) : null;
      const rescued = copy ? rescueWrite(copy.userId, copy.write, Date.now()) : null;
      // Settles only if the page lives on (kept in the back/forward cache): the copy is then not needed.
      void flush().then(() => {
        if (rescued !== null && pending.current === null && unsettled.current.length === 0)
          forgetRescue(rescued);
      });
    };
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
