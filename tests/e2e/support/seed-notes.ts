import { randomUUID } from 'node:crypto';

import { createClient } from '@supabase/supabase-js';

import { DEMO_ANON_KEY } from '../../../server/keys.ts';
import { createSupabaseSyncTransport } from '../../../src/lib/sync/supabase-sync-transport.ts';
import { pushResponseSchema } from '../../../src/sync/protocol.ts';
import { device, newNote } from '../../integration/sync/support/sync-requests.ts';
import type { StoredSession } from './session.ts';

const PER_PUSH = 200;

/**
 * Writes `count` notes ("Note 0", "Note 1", …) to the account on the server through sync_push, as
 * another device of the user's would have: a journal a fresh device then has to pull.
 */
export async function seedNotes(url: string, session: StoredSession, count: number): Promise<void> {
  const client = createClient(url, DEMO_ANON_KEY, { accessToken: async () => session.access_token });
  const transport = createSupabaseSyncTransport(client, session.user.id);
  const other = device(session.user.id);
  const auth = { userId: session.user.id, accessToken: session.access_token };
  try {
    for (let first = 0; first < count; first += PER_PUSH) {
      const mutations = Array.from({ length: Math.min(PER_PUSH, count - first) }, (_, i) => {
        const id = randomUUID();
        return other.mutation(
          'notes',
          id,
          newNote(id, { title: `Note ${first + i}`, body: `Body of note ${first + i}` }),
        );
      });
      pushResponseSchema.parse(await transport.push(other.push(mutations), auth));
    }
  } finally {
    transport.close();
  }
}
