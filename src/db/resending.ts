import type { MurmurDatabase } from './schema.ts';
import { getMeta } from './sync-meta.ts';

/** Where turning encryption on stopped resending what was written before (encryption-commands.ts). */
export const RESENDING_KEY = 'resending';

/**
 * Whether a resend was started and has not finished: it goes on after a reload. A read alone, kept
 * apart from the commands so that a screen can watch it without loading them.
 */
export async function isResending(db: MurmurDatabase): Promise<boolean> {
  return (await getMeta(db, RESENDING_KEY)) !== undefined;
}
