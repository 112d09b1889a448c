import { getMeta, setMeta } from '../../db/sync-meta.ts';
import type { MurmurDatabase } from '../../db/schema.ts';
import type { LastKnownSubscription, SubscriptionCache } from './subscription-source.ts';

const KEY = 'last_known_subscription';

/** The last fetched subscription, in the user's own database (never shared between accounts). */
export function dexieSubscriptionCache(db: MurmurDatabase): SubscriptionCache {
  return {
    read: async () => (await getMeta<LastKnownSubscription>(db, KEY)) ?? null,
    write: (state) => setMeta(db, KEY, state),
  };
}
