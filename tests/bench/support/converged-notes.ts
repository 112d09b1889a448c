import type { DeviceNote } from './conflict-outcome.ts';

/**
 * The devices' raced note once `complete` holds for what they store, read every 100 ms; if it never
 * does within `timeoutMs`, what they hold then (the outcome reports it as it is, words lost or devices
 * disagreeing).
 */
export async function convergedNotes(
  read: () => Promise<{ notes: DeviceNote[]; pending: number }>,
  complete: (notes: readonly DeviceNote[], pending: number) => boolean,
  timeoutMs = 30_000,
): Promise<DeviceNote[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { notes, pending } = await read();
    if (complete(notes, pending) || Date.now() > deadline) return notes;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
