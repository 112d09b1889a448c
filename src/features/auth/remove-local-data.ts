import { deleteUserDatabase } from '../../db/open-user-database.ts';
import { forgetRescuesOf } from '../../lib/drafts/rescued-writes.ts';
import { forgetServerState } from '../../lib/server-state/server-state-persistence.ts';

/**
 * Removes a user's journal from this device: their database, the words kept from closed pages
 * (ADR 0108), which would otherwise wait in localStorage for a next sign-in, and their kept server
 * state (ADR 0138).
 */
export async function removeLocalData(userId: string): Promise<void> {
  forgetServerState(userId);
  await deleteUserDatabase(userId);
  forgetRescuesOf(userId);
}
