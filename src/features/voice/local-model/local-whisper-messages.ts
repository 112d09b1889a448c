/** What the page asks the Local Processing worker to do. */
export type LocalWhisperTask =
  | { type: 'load'; download: boolean }
  | { type: 'transcribe'; samples: Float32Array; language: string | null };

export type LocalWhisperRequest = LocalWhisperTask & { id: number; modelHost: string };

/** A timed piece of the transcript, in seconds from the start of the recording. */
export interface LocalSegment {
  start: number;
  end: number;
  text: string;
}

/** What the worker answers; `progress` comes any number of times before a load's `loaded`. */
export type LocalWhisperReply =
  | { type: 'progress'; id: number; loaded: number; total: number }
  | { type: 'loaded'; id: number }
  | { type: 'transcribed'; id: number; text: string; language: string | null; segments: LocalSegment[] }
  | { type: 'failed'; id: number; message: string; missingModel: boolean };
