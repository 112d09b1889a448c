import { randomUUID } from 'node:crypto';

import { newNote } from '../../integration/sync/support/sync-requests.ts';
import { pushAsAnotherDevice } from './push-as-another-device.ts';
import type { StoredSession } from './session.ts';

const PER_PUSH = 200;

/**
 * Writes `count` notes ("Note 0", "Note 1", …) to the account on the server through sync_push, as
 * another device of the user's would have: a journal a fresh device then has to pull. Resolves with
 * their ids, in the order written.
 */
export async function seedNotes(url: string, session: StoredSession, count: number): Promise<string[]> {
  const ids: string[] = [];
  await pushAsAnotherDevice(url, session, function* (other) {
    for (let first = 0; first < count; first += PER_PUSH) {
      yield Array.from({ length: Math.min(PER_PUSH, count - first) }, (_, i) => {
        const id = randomUUID();
        ids.push(id);
        return other.mutation(
          'notes',
          id,
          newNote(id, { title: `Note ${first + i}`, body: `Body of note ${first + i}` }),
        );
      });
    }
  });
  return ids;
}
