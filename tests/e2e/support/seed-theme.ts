import { createClient } from '@supabase/supabase-js';

import { DEMO_ANON_KEY } from '../../../server/keys.ts';
import type { Theme } from '../../../src/lib/theme/theme.ts';
import { createSupabaseSyncTransport } from '../../../src/lib/sync/supabase-sync-transport.ts';
import { pushResponseSchema } from '../../../src/sync/protocol.ts';
import { device } from '../../integration/sync/support/sync-requests.ts';
import type { StoredSession } from './session.ts';

/**
 * Stores `theme` in the account's settings on the server, as another device of the user's would have.
 * The settings row decides the theme once a device has pulled it, so a test of one theme sets it here
 * rather than only in the device's local choice.
 */
export async function seedTheme(url: string, session: StoredSession, theme: Theme): Promise<void> {
  const client = createClient(url, DEMO_ANON_KEY, { accessToken: async () => session.access_token });
  const transport = createSupabaseSyncTransport(client, session.user.id);
  const other = device(session.user.id);
  try {
    const mutation = other.mutation('user_settings', session.user.id, { preferred_theme: theme });
    pushResponseSchema.parse(
      await transport.push(other.push([mutation]), {
        userId: session.user.id,
        accessToken: session.access_token,
      }),
    );
  } finally {
    transport.close();
  }
}
