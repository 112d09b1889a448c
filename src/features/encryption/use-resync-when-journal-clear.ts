import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { useUserData } from '../../lib/user-data/use-user-data.ts';
import { journalEnvelopeQuery } from './journal-envelope-query.ts';

/** How often a locked device asks the server whether its journal is still encrypted. */
const RECHECK_MS = 60_000;

/**
 * A device whose sync stopped as locked (sealed values and no key, ADR 0151) asks again whether the
 * journal is encrypted: as the notice appears, when the window gets focus, and every minute while it
 * stays. With no envelope any more (encryption was turned off elsewhere, ADR 0152), it syncs again once
 * per answer: the turning-off device's clear resend replaces the sealed rows it stopped on, so a run
 * that finds one still sealed stops again and the next answer tries again. Never a loop: one sync per
 * fetched answer.
 */
export function useResyncWhenJournalClear(locked: boolean, resync: (() => Promise<void>) | null): void {
  const userData = useUserData();
  const envelope = useQuery({
    ...journalEnvelopeQuery(locked ? (userData?.userId ?? null) : null),
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
    refetchInterval: locked ? RECHECK_MS : false,
  });
  const answered = useRef(0);
  useEffect(() => {
    if (!locked || !resync || envelope.data !== null || envelope.dataUpdatedAt === answered.current) return;
    answered.current = envelope.dataUpdatedAt;
    resync().catch((error: unknown) => console.error('Syncing a journal in clear again failed', error));
  }, [locked, resync, envelope.data, envelope.dataUpdatedAt]);
}
