import { useEffect, useState } from 'react';

import type { MurmurDatabase } from '../../db/schema.ts';
import { useCatchingUp } from '../../lib/live-query/use-catching-up.ts';
import { useUserData } from '../../lib/user-data/use-user-data.ts';
import type { JournalHit } from './journal-index.ts';
import { createJournalSearcher, type JournalSearcher } from './journal-searcher.ts';

export interface JournalSearch {
  /** Undefined until the index has been built once. */
  indexed: number | undefined;
  hits: JournalHit[];
  searching: boolean;
}

/**
 * Searches the journal as the query changes; the index follows every change to the entries. The index
 * is built in a worker that reads the whole journal: during a first sync it starts when a search is
 * typed or once the rows have settled, rather than read thousands as they arrive on the cores the sync
 * needs.
 */
export function useJournalSearch(query: string): JournalSearch {
  const userData = useUserData();
  const db = userData?.db;
  const trimmed = query.trim();
  const catchingUp = useCatchingUp(db);
  // Once wanted for a database, the index stays: a later catch-up is followed like any change.
  const [wantedFor, setWantedFor] = useState<MurmurDatabase | null>(null);
  if (db && wantedFor !== db && (!catchingUp || trimmed !== '')) setWantedFor(db);
  const wanted = db !== undefined && wantedFor === db;
  const [searcher, setSearcher] = useState<JournalSearcher | null>(null);
  const [indexed, setIndexed] = useState<number | undefined>(undefined);
  const [result, setResult] = useState<{ query: string; hits: JournalHit[]; version: number }>({
    query: '',
    hits: [],
    version: -1,
  });

  useEffect(() => {
    if (!userData || !wanted) return;
    const created = createJournalSearcher(userData.db);
    created.onIndexed(setIndexed);
    // The worker is an external resource owned by this effect: created and closed with it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSearcher(created);
    return () => {
      created.close();
      setSearcher(null);
    };
  }, [userData, wanted]);

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
