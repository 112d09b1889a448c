import type { UserSettings } from '../../../db/entities/user-settings.ts';
import type { TranscriptDestination } from '../../../db/entities/voice-local.ts';

/** At or over this length a recording counts as long for recording_confirmation 'long_only'. */
export const LONG_RECORDING_MS = 60_000;
/** MediaRecorder hands over a slice this often, and each is stored at once (issue 9: ≤ 1 s lost). */
export const SLICE_MS = 1000;
/** Seconds counted down before recording unless enable_faster_record is on. */
export const COUNTDOWN_SECONDS = 3;

export interface RecorderOptions {
  deviceId: string;
  bitsPerSecond: number;
  countdown: boolean;
  confirmation: 'always' | 'long_only' | 'never';
  /** False when auto_delete_recordings removes the audio after transcription. */
  keepAudio: boolean;
  destination: TranscriptDestination;
}

/** '128kbps' → 128000; anything unreadable falls back to the spec's default. */
function bitsPerSecond(bitrate: string): number {
  const match = /^(\d{2,3})kbps$/.exec(bitrate);
  return match ? Number(match[1]) * 1000 : 128_000;
}

export function recorderOptions(settings: UserSettings, destination: TranscriptDestination): RecorderOptions {
  const confirmation = settings.recording_confirmation;
  return {
    deviceId: settings.recording_device,
    bitsPerSecond: bitsPerSecond(settings.bitrate),
    countdown: !settings.enable_faster_record,
    confirmation: confirmation === 'never' || confirmation === 'long_only' ? confirmation : 'always',
    keepAudio: !settings.auto_delete_recordings,
    destination,
  };
}

/** Whether a stopped recording waits for the user to keep or discard it. */
export function needsConfirmation(
  confirmation: RecorderOptions['confirmation'],
  durationMs: number,
): boolean {
  if (confirmation === 'always') return true;
  if (confirmation === 'never') return false;
  return durationMs >= LONG_RECORDING_MS;
}

/** The most widely supported audio type this browser records, or its own default. */
export function preferredMimeType(isSupported: (type: string) => boolean): string | undefined {
  return ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'].find(isSupported);
}
