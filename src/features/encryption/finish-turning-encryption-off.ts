import type { UserData } from '../../lib/user-data/user-data-context.ts';
import { EnvelopeChangedError, removeJournalEnvelope } from './journal-envelope-source.ts';

/**
 * The steps of turning encryption off after the confirmation was recorded on this device
 * (`startTurningEncryptionOff`, ADR 0152): the envelope goes from the server, guarded by the version
 * read, then the key is forgotten and the clear resend marked, in one local transaction. Run by the
 * confirmation, and again after a reload or a failed try (encryption-progress.tsx) until it is done.
 * A re-wrap elsewhere cancels it (EnvelopeChangedError); any other failure leaves it to be tried again.
 */
export async function finishTurningEncryptionOff(userData: UserData, version: number): Promise<void> {
  try {
    await removeJournalEnvelope(userData.userId, version);
  } catch (error) {
    if (error instanceof EnvelopeChangedError) await userData.commands.cancelTurningEncryptionOff();
    throw error;
  }
  await userData.commands.finishTurningEncryptionOff();
}
