import { useEffect, useState } from 'react';

import { useUserData } from '../../lib/user-data/use-user-data.ts';
import type { JournalHit } from './journal-index.ts';
import { createJournalSearcher, type JournalSearcher } from './journal-searcher.ts';

export interface JournalSearch {
  /** Undefined until the index has been built once. */
  indexed: number | undefined;
  hits: JournalHit[];
  searching: boolean;
}

/** Searches the journal as the query changes; the index follows every change to the entries. */
export function useJournalSearch(query: string): JournalSearch {
  const userData = useUserData();
  const [searcher, setSearcher] = useState<JournalSearcher | null>(null);
  const [indexed, setIndexed] = useState<number | undefined>(undefined);
  const [result, setResult] = useState<{ query: string; hits: JournalHit[]; version: number }>({
    query: '',
    hits: [],
    version: -1,
  });

  useEffect(() => {
    if (!userData) return;
    const created = createJournalSearcher(userData.db);
    created.onIndexed(setIndexed);
    // The worker is an external resource owned by this effect: created and closed with it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSearcher(created);
    return () => {
      created.close();
      setSearcher(null);
    };
  }, [userData]);

  const trimmed = query.trim();
  const version = indexed ?? 0;
  useEffect(() => {
    if (!searcher || trimmed === '') return;
    let current = true;
    void searcher.search(trimmed).then((hits) => {
      if (current) setResult({ query: trimmed, hits, version });
    });
    return () => {
      current = false;
    };
  }, [searcher, trimmed, version]);

  if (trimmed === '') return { indexed, hits: [], searching: false };
  return { indexed, hits: result.query === trimmed ? result.hits : [], searching: result.query !== trimmed };
}
