import { queryOptions, skipToken } from '@tanstack/react-query';

import { fetchJournalEnvelope, type JournalEnvelopeRow } from './journal-envelope-source.ts';

/**
 * Whether the journal is encrypted, and the wrapped key to unlock it with. Kept on the device
 * (`persist`): the envelope holds only wraps, and a device started offline still knows its journal is
 * encrypted. Keys of a user's server state start `['user', userId]`.
 */
export function journalEnvelopeQuery(userId: string | null) {
  return queryOptions<JournalEnvelopeRow | null>({
    queryKey: ['user', userId, 'journal-envelope'],
    queryFn: userId ? () => fetchJournalEnvelope(userId) : skipToken,
    meta: { persist: true },
  });
}
