import type { MurmurDatabase } from './schema.ts';
import { getMeta } from './sync-meta.ts';

/**
 * Turning encryption off was confirmed on this device for the envelope read at `version`, and is not
 * finished (ADR 0152): kept from before the envelope's removal until the clear resend is queued, so a
 * reload in between still finishes it (sync_meta `turning_off`). `key` is the data key held then: the
 * audio step opens the recordings' sealed audio with it (ADR 0153) even if sync forgot the journal key
 * meanwhile (R46).
 */
export interface TurningOff {
  version: number;
  key: CryptoKey;
}

export const TURNING_OFF_KEY = 'turning_off';

/** The unfinished turning off, if any. A read alone, so that a screen can watch it cheaply. */
export function turningEncryptionOff(db: MurmurDatabase): Promise<TurningOff | undefined> {
  return getMeta<TurningOff>(db, TURNING_OFF_KEY);
}
