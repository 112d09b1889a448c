import type { MurmurDatabase } from './schema.ts';
import { getMeta } from './sync-meta.ts';

/**
 * Where turning encryption on (or off) stopped resending what was written before
 * (encryption-commands.ts): `{ table, after, clear? }`, `clear` when the entries go out readable again.
 */
export const RESENDING_KEY = 'resending';

/** Which way a resend goes: sealed (turning encryption on) or clear (turning it off, ADR 0152). */
export type ResendDirection = 'sealed' | 'clear';

/**
 * Whether a resend was started and has not finished: it goes on after a reload. A read alone, kept
 * apart from the commands so that a screen can watch it without loading them.
 */
export async function isResending(db: MurmurDatabase): Promise<boolean> {
  return (await getMeta(db, RESENDING_KEY)) !== undefined;
}

/** Which way the unfinished resend goes, or null when none is under way. */
export async function resendDirection(db: MurmurDatabase): Promise<ResendDirection | null> {
  const position = await getMeta<{ clear?: boolean }>(db, RESENDING_KEY);
  if (position === undefined) return null;
  return position.clear === true ? 'clear' : 'sealed';
}
