import type { UserSettings } from '../../../db/entities/user-settings.ts';
import type { TranscriptDestination } from '../../../db/entities/voice-local.ts';
import type { RecorderHandle } from './recorder-context.ts';
import type { RecorderController } from './recorder-controller.ts';
import { recorderOptions } from './recorder-options.ts';

/** What screens, the dock and the shortcut use of the controller, with the user's recording settings. */
export function createRecorderHandle(
  controller: RecorderController,
  allowed: boolean,
  settings: UserSettings,
): RecorderHandle {
  return {
    controller,
    allowed,
    toggle: (destination: TranscriptDestination) => {
      if (controller.busy) controller.stop();
      else controller.start(recorderOptions(settings, destination));
    },
    startNow: (destination: TranscriptDestination) => {
      if (!controller.busy) controller.start({ ...recorderOptions(settings, destination), countdown: false });
    },
    pushToTalk: settings.recording_mode === 'push_to_talk',
  };
}
