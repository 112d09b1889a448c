import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { useUserData } from '../../lib/user-data/use-user-data.ts';
import { journalEnvelopeQuery } from './journal-envelope-query.ts';

/** How often a locked device asks the server whether its journal is still encrypted. */
const RECHECK_MS = 60_000;

/**
 * A locked device (no key for a journal encrypted elsewhere: rows kept sealed, or a clear push refused;
 * ADR 0151, 0155) asks again whether the journal is encrypted: as the notice appears, when the window
 * gets focus, and every minute while it stays. With no envelope any more (encryption was turned off
 * elsewhere, ADR 0152), it drops the rows it kept sealed, which will never open here, and syncs again,
 * once per answer: the turning-off device's clear resend brings them clear, and a push refused as locked
 * goes through. Never a loop: one sync per fetched answer.
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
    const dropped = userData ? userData.commands.dropSealedRows() : Promise.resolve();
    dropped
      .then(resync)
      .catch((error: unknown) => console.error('Syncing a journal in clear again failed', error));
  }, [locked, resync, userData, envelope.data, envelope.dataUpdatedAt]);
}
