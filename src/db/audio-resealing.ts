import type { MurmurDatabase } from './schema.ts';
import type { IdSource } from './ports.ts';
import { getMeta, setMeta } from './sync-meta.ts';

/** Where bringing the recordings' stored audio in line with the journal's encryption stopped. */
export const AUDIO_RESEALING_KEY = 'audio_resealing';

/**
 * The audio step of turning encryption on (`sealed`) or off (`clear`), kept in `sync_meta` until every
 * recording's audio in Storage is in that form (src/sync/audio-resealer.ts does the work):
 * - `since` names this run of the step, so a step replaced by another (turned off while turning on) never
 *   writes its position over the newer one;
 * - `after` is the last recording id done (recordings go in id order), `done` how many, `total` how
 *   many there were when the step first counted them (null before);
 * - `key` is the data key to open sealed audio with when turning encryption off: the device forgets
 *   its journal key then, but audio still sealed in Storage must be opened once more;
 * - `skipped` are recordings whose stored audio could not be opened with the key (sealed under another
 *   key): they are left as they are, and named, rather than blocking the rest;
 * - `uploads_restarted` is set once the uploads this device had begun in the other form were told to
 *   start over (a resumed upload would append sealed bytes to clear ones, or the reverse).
 */
export type AudioResealing = {
  since: string;
  after: string;
  done: number;
  total: number | null;
  skipped: string[];
  uploads_restarted: boolean;
  attempts: number;
  next_attempt_at: string | null;
} & ({ target: 'sealed' } | { target: 'clear'; key: CryptoKey });

/** The audio step in progress, or undefined when there is none. A read alone, for screens to watch. */
export function audioResealing(db: MurmurDatabase): Promise<AudioResealing | undefined> {
  return getMeta<AudioResealing>(db, AUDIO_RESEALING_KEY);
}

/**
 * Starts the audio step over from the first recording, replacing any step in progress (its run stops
 * at its next position write). `sealed` seals with the journal key this device holds; `clear` opens
 * with `key`, kept in the step because the device forgets its journal key when encryption goes off.
 */
export function startAudioResealing(
  db: MurmurDatabase,
  ids: IdSource,
  goal: { target: 'sealed' } | { target: 'clear'; key: CryptoKey },
): Promise<void> {
  const step: AudioResealing = {
    ...goal,
    since: ids.next(),
    after: '',
    done: 0,
    total: null,
    skipped: [],
    uploads_restarted: false,
    attempts: 0,
    next_attempt_at: null,
  };
  return setMeta(db, AUDIO_RESEALING_KEY, step);
}
