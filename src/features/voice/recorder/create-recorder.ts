import type { Store } from 'jotai';

import type { Commands } from '../../../db/commands/create-commands.ts';
import { browserRecorderPorts } from './browser-recorder-ports.ts';
import { RecorderController } from './recorder-controller.ts';

/** The user's recorder over the browser's microphone, its state in `store`; loaded after the first paint. */
export function createRecorder(commands: Commands, store: Store): RecorderController {
  return new RecorderController(
    browserRecorderPorts(commands),
    (message, error) => console.error(message, error),
    store,
  );
}
