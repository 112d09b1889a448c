import { createClient } from '@supabase/supabase-js';

import { DEMO_ANON_KEY } from '../../../server/keys.ts';
import { createSupabaseSyncTransport } from '../../../src/lib/sync/supabase-sync-transport.ts';
import { pushResponseSchema, type PushMutation } from '../../../src/sync/protocol.ts';
import { device } from '../../integration/sync/support/sync-requests.ts';
import type { StoredSession } from './session.ts';

type OtherDevice = ReturnType<typeof device>;

/**
 * Writes to the account on the server through sync_push, as another device of the user's would have:
 * `batches` gives that device's mutations, one push request per batch, in order.
 */
export async function pushAsAnotherDevice(
  url: string,
  session: StoredSession,
  batches: (other: OtherDevice) => Iterable<PushMutation[]>,
): Promise<void> {
  const client = createClient(url, DEMO_ANON_KEY, { accessToken: async () => session.access_token });
  const transport = createSupabaseSyncTransport(client, session.user.id);
  const other = device(session.user.id);
  const auth = { userId: session.user.id, accessToken: session.access_token };
  try {
    for (const mutations of batches(other))
      pushResponseSchema.parse(await transport.push(other.push(mutations), auth));
  } finally {
    transport.close();
  }
}
