/**
 * Device-local voice state: audio bytes, the recorder's progress and the transcription queue. None of it
 * is synced (the synced part of a recording is its metadata row in `recordings`); it never leaves the
 * device except as the audio upload and the transcription request.
 */

/** One slice of a recording's audio as MediaRecorder delivered it, in order. */
export interface AudioChunk {
  recording_id: string;
  /** 0, 1, 2, … in the order MediaRecorder delivered them; the audio is their concatenation. */
  seq: number;
  data: ArrayBuffer;
  /** Milliseconds since the recording started when this slice arrived. */
  at_ms: number;
}

/** Where a transcript goes once it is ready. */
export type TranscriptDestination =
  | { kind: 'new_note' }
  | { kind: 'new_diary_entry'; day: string }
  | { kind: 'field'; table: 'notes' | 'diary_entries' | 'mood_entries'; id: string; field: string };

/**
 * recording: chunks are still arriving. pending_confirmation: stopped, waiting for the user to keep or
 * discard it. interrupted: found in 'recording' or 'pending_confirmation' state by a later start with no
 * tab left recording or asking (closed, crashed, reloaded), offered back to the user until they keep or
 * discard it. saved: kept; a `recordings` row and a transcription job exist. discarded: being removed.
 */
type LocalRecordingState = 'recording' | 'interrupted' | 'pending_confirmation' | 'saved' | 'discarded';

/** remove: the recording was deleted and its audio waits to be removed from Storage (state 'discarded'). */
type AudioUploadStatus = 'not_kept' | 'pending' | 'uploading' | 'done' | 'failed' | 'remove';

export interface AudioUploadState {
  status: AudioUploadStatus;
  /** The resumable upload's URL once created, so a later attempt resumes instead of restarting. */
  url: string | null;
  /** Bytes the server confirmed. */
  offset: number;
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
}

export interface LocalRecording {
  recording_id: string;
  state: LocalRecordingState;
  started_at: string;
  mime_type: string;
  /** Sum of the stored chunks' sizes and the duration they cover. */
  size_bytes: number;
  duration_ms: number;
  destination: TranscriptDestination;
  upload: AudioUploadState;
  /** False once the audio bytes were removed from this device (after upload or auto-delete). */
  audio_on_device: boolean;
}

/**
 * queued: waits to run (for a connection, or until next_attempt_at after a failure). running: a request
 * is in flight (a job found running at start was interrupted and is queued again). failed: gave up after
 * the retry budget; the user may retry. done: the transcript was delivered.
 */
type TranscriptionJobStatus = 'queued' | 'running' | 'failed' | 'done';

export interface TranscriptionJob {
  id: string;
  recording_id: string;
  status: TranscriptionJobStatus;
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
  destination: TranscriptDestination;
  created_at: string;
  updated_at: string;
}
