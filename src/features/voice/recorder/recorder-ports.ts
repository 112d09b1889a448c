import type { Commands } from '../../../db/commands/create-commands.ts';

/** The part of MediaRecorder the recorder uses; the browser's own object satisfies it. */
export interface MediaRecorderLike {
  readonly mimeType: string;
  readonly state: 'inactive' | 'recording' | 'paused';
  start(timeslice?: number): void;
  stop(): void;
  ondataavailable: ((event: { data: Blob }) => void) | null;
  onstop: (() => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface MediaStreamLike {
  getTracks(): { stop(): void }[];
}

export interface RecorderPorts {
  getUserMedia(constraints: MediaStreamConstraints): Promise<MediaStreamLike>;
  createRecorder(stream: MediaStreamLike, options: MediaRecorderOptions): MediaRecorderLike;
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Holds a lock named for the recording while it records, so other tabs know it is alive. */
  holdWhileRecording(recordingId: string): () => void;
  commands: Pick<
    Commands,
    | 'startLocalRecording'
    | 'appendAudioChunk'
    | 'awaitConfirmation'
    | 'keepRecording'
    | 'discardLocalRecording'
  >;
}
