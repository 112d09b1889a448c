import { useEffect, useRef, useState } from 'react';

import type { MurmurDatabase } from '../../db/schema.ts';
import type { FilteredNoteIds } from './notes-filter.ts';
import { createNotesFilterer, type NotesFilterer } from './notes-filterer.ts';

export interface NoteFilterState {
  /** The newest answer: for the words and tag asked, or for the ones before while those are worked out. */
  result: FilteredNoteIds | undefined;
  /** A newer question than `result` answers is being worked out. */
  busy: boolean;
  /** The notes could not be read to filter them. */
  failed: boolean;
}

/**
 * The notes matching `query` and `tag`, from the notes filter worker (docs/adr/0098), asked again when
 * they change and whenever the notes change. The worker starts once `start` is true, which the list sets
 * soon after it is on screen, so the notes are read before the first key rather than after it.
 */
export function useNoteFilter(
  db: MurmurDatabase,
  start: boolean,
  query: string,
  tag: string,
): NoteFilterState {
  const [filterer, setFilterer] = useState<NotesFilterer | null>(null);
  const [changes, setChanges] = useState(0);
  const [answer, setAnswer] = useState<{ asked: string; result: FilteredNoteIds } | null>(null);
  const [failed, setFailed] = useState(false);
  const filtering = query !== '' || tag !== '';
  // Read by the change listener, not while rendering: the list without a filter re-renders for nothing
  // when the notes change (a sync writes them in many batches), and the next filter asks anew anyway.
  const filteringNow = useRef(filtering);
  useEffect(() => {
    filteringNow.current = filtering;
  }, [filtering]);

  useEffect(() => {
    if (!start) return;
    const created = createNotesFilterer(db);
    created.onChanged(() => {
      if (filteringNow.current) setChanges((count) => count + 1);
    });
    // The worker is an external resource owned by this effect: created and closed with it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setFilterer(created);
    return () => {
      created.close();
      setFilterer(null);
    };
  }, [db, start]);

  // An answer outlives no filter: notes changed while none was shown are not told (above), so an old
  // answer to the same words must not pass for a fresh one when they are typed again.
  if (!filtering && answer !== null) setAnswer(null);
  const asked = `${changes}\u0000${query}\u0000${tag}`;
  useEffect(() => {
    if (!filterer || !filtering) return;
    let current = true;
    filterer.filter(query, tag).then(
      (result) => {
        if (current) setAnswer({ asked, result });
      },
      (error: unknown) => {
        console.error('Filtering the notes failed', error);
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [filterer, filtering, query, tag, asked]);

  return { result: answer?.result, busy: answer?.asked !== asked, failed };
}
