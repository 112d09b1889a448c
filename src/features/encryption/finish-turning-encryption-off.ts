import type { UserData } from '../../lib/user-data/user-data-context.ts';
import { EnvelopeChangedError, removeJournalEnvelope } from './journal-envelope-source.ts';

/**
 * The steps of turning encryption off after the confirmation was recorded on this device
 * (`startTurningEncryptionOff`, ADR 0152): the envelope goes from the server, guarded by the version
 * read, then the key is forgotten and the clear resend marked, in one local transaction. Run by the
 * confirmation, and again after a reload or a failed try (encryption-progress.tsx) until it is done.
 * One tab at a time (a Web Lock): the confirmation waits for it, the banner's retry does not. A re-wrap
 * elsewhere cancels it (EnvelopeChangedError); any other failure leaves it to be tried again.
 * Resolves `finished` when it finished it, `none` when nothing was pending any more (finished or
 * cancelled by another), `busy` when the lock was taken and not waited for.
 */
export async function finishTurningEncryptionOff(
  userData: UserData,
  { waitForLock }: { waitForLock: boolean },
): Promise<'finished' | 'none' | 'busy'> {
  const ran = await navigator.locks.request(
    `murmur-turn-off-${userData.userId}`,
    { ifAvailable: !waitForLock },
    async (lock) => {
      if (!lock) return 'busy' as const;
      // Another tab, or the banner, may have finished or cancelled it while this one waited.
      const pending = await userData.commands.turningEncryptionOff();
      if (!pending) return 'none' as const;
      try {
        await removeJournalEnvelope(userData.userId, pending.version);
      } catch (error) {
        if (error instanceof EnvelopeChangedError) await userData.commands.cancelTurningEncryptionOff();
        throw error;
      }
      await userData.commands.finishTurningEncryptionOff();
      return 'finished' as const;
    },
  );
  return ran;
}
