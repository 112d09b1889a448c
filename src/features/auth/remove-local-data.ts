import { deleteUserDatabase } from '../../db/open-user-database.ts';
import { forgetRescuesOf } from '../../lib/drafts/rescued-writes.ts';

/**
 * Removes a user's journal from this device: their database and the words kept from closed pages
 * (ADR 0108), which would otherwise wait in localStorage for a next sign-in.
 */
export async function removeLocalData(userId: string): Promise<void> {
  await deleteUserDatabase(userId);
  forgetRescuesOf(userId);
}
