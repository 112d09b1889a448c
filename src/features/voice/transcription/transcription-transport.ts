import type { TranscriptSegment } from '../../../db/entities/recording.ts';
import type { UserSettings } from '../../../db/entities/user-settings.ts';

export interface TranscriptResult {
  text: string;
  language: string | null;
  segments: TranscriptSegment[];
}

/** The settings a transcription depends on (product spec §3), read when the job runs. */
export type TranscriptionSettings = Pick<
  UserSettings,
  | 'transcription_service'
  | 'transcription_model'
  | 'audio_processing'
  | 'elevenlabs_model'
  | 'elevenlabs_diarize'
  | 'elevenlabs_tag_audio_events'
  | 'openrouter_api_key'
  | 'preferred_model'
  | 'speaker_language'
  | 'preferred_transcription_language'
  | 'enable_language_detection'
  | 'auto_detect_language'
  | 'auto_punctuation'
>;

/** Why a transcription did not happen, and whether trying again can help. */
export class TranscriptionFailure extends Error {
  readonly retryable: boolean;
  /** The provider asked to wait this long (429 Retry-After), if it said. */
  readonly retryAfterMs: number | null;
  /** No connection: wait for one rather than counting an attempt. */
  readonly offline: boolean;

  constructor(
    message: string,
    options: { retryable: boolean; retryAfterMs?: number | null; offline?: boolean },
  ) {
    super(message);
    this.name = 'TranscriptionFailure';
    this.retryable = options.retryable;
    this.retryAfterMs = options.retryAfterMs ?? null;
    this.offline = options.offline ?? false;
  }
}

/** Sends audio to the chosen provider (through Murmur's function, or the user's own OpenRouter key). */
export interface TranscriptionTransport {
  transcribe(audio: Blob, settings: TranscriptionSettings): Promise<TranscriptResult>;
  /** Whether a job with these settings can run without a connection (on-device transcription). */
  worksOffline?(settings: TranscriptionSettings): boolean;
}

/**
 * Whether the user chose to have recordings transcribed on this device: Local Processing as the
 * service or as the model (available_models' `local`), or audio processing on the device. Any one of
 * them is a promise that the audio does not leave the device for a transcript, so any one wins.
 */
export function transcribesOnDevice(
  settings: Pick<TranscriptionSettings, 'transcription_service' | 'transcription_model' | 'audio_processing'>,
): boolean {
  return (
    settings.transcription_service === 'local' ||
    settings.transcription_model === 'local' ||
    settings.audio_processing === 'local'
  );
}

/**
 * The language to ask for, or null to let the provider detect it: detection wins when it is on;
 * otherwise the fixed transcription language, then the speaker's.
 */
export function requestedLanguage(settings: TranscriptionSettings): string | null {
  if (settings.auto_detect_language && settings.enable_language_detection) return null;
  for (const choice of [settings.preferred_transcription_language, settings.speaker_language]) {
    const code = choice.trim().toLowerCase().split(/[-_]/)[0] ?? '';
    if (/^[a-z]{2,3}$/.test(code)) return code;
  }
  return null;
}
