import { createClient } from '@supabase/supabase-js';

import { DEMO_ANON_KEY } from '../../../server/keys.ts';
import { createSupabaseSyncTransport } from '../../../src/lib/sync/supabase-sync-transport.ts';
import { journalCipher } from '../../../src/sync/crypto/journal-cipher.ts';
import { pushResponseSchema } from '../../../src/sync/protocol.ts';
import type { StoredSession } from '../../e2e/support/session.ts';
import { device } from '../../integration/sync/support/sync-requests.ts';
import type { JournalRow } from './journal-rows.ts';

const PER_PUSH = 200;

/**
 * Writes `rows` to the account through sync_push as another device of the user's would have, 200 a
 * request. With `key`, that device's journal is encrypted: each change is sealed by the app's own
 * journal cipher before it leaves (src/sync/crypto/journal-cipher.ts), as the engine seals a push.
 */
export async function pushJournal(
  url: string,
  session: StoredSession,
  rows: readonly JournalRow[],
  key: CryptoKey | null,
): Promise<void> {
  const client = createClient(url, DEMO_ANON_KEY, { accessToken: async () => session.access_token });
  const transport = createSupabaseSyncTransport(client, session.user.id);
  const other = device(session.user.id);
  const cipher = key ? journalCipher(key) : null;
  const auth = { userId: session.user.id, accessToken: session.access_token };
  try {
    for (let first = 0; first < rows.length; first += PER_PUSH) {
      const mutations = rows
        .slice(first, first + PER_PUSH)
        .map(({ table, row }) =>
          other.mutation(table, row.id, { ...row }, Date.parse(String(row['created_at']))),
        );
      const sent = cipher ? await Promise.all(mutations.map((m) => cipher.sealMutation(m))) : mutations;
      const { results } = pushResponseSchema.parse(await transport.push(other.push(sent), auth));
      const refused = results.filter((result) => result.status !== 'applied');
      if (refused.length > 0) throw new Error(`pushJournal: refused ${JSON.stringify(refused[0])}`);
    }
  } finally {
    transport.close();
  }
}
