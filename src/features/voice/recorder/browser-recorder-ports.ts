import type { Commands } from '../../../db/commands/create-commands.ts';
import { preferredMimeType } from './recorder-options.ts';
import { holdRecordingLock } from './recording-locks.ts';
import type { MediaRecorderLike, RecorderPorts } from './recorder-ports.ts';

/** The browser's microphone, MediaRecorder and timers behind the recorder's ports. */
export function browserRecorderPorts(commands: Commands): RecorderPorts {
  return {
    getUserMedia: (constraints) => navigator.mediaDevices.getUserMedia(constraints),
    createRecorder: (stream, options) => {
      const mimeType = preferredMimeType((type) => MediaRecorder.isTypeSupported(type));
      return new MediaRecorder(stream as MediaStream, {
        ...options,
        mimeType,
      }) as unknown as MediaRecorderLike;
    },
    now: () => Date.now(),
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
    holdWhileRecording: holdRecordingLock,
    commands,
  };
}
