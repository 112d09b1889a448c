import { createContext } from 'react';

import type { TranscriptDestination } from '../../../db/entities/voice-local.ts';
import type { RecorderController } from './recorder-controller.ts';

export interface RecorderHandle {
  controller: RecorderController;
  /** Starts (or, while recording, stops) with the user's recording settings. */
  toggle: (destination: TranscriptDestination) => void;
  /** Starts at once, without the countdown (push-to-talk). */
  startNow: (destination: TranscriptDestination) => void;
  /** recording_mode: press to start and stop, or hold to talk. */
  pushToTalk: boolean;
  /** Whether this user may record (premium or trial), known once the subscription has loaded. */
  allowed: boolean;
}

/** The one recorder of a signed-in user; null for visitors and until the user's data is open. */
export const RecorderContext = createContext<RecorderHandle | null>(null);
