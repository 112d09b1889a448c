/** One transcription as Murmur asks for it, whichever provider does it. */
export interface TranscriptionRequest {
  audio: Blob;
  fileName: string;
  /** ISO 639-1 code, or null to let the provider detect the language. */
  language: string | null;
  model: string;
  diarize: boolean;
  tagAudioEvents: boolean;
  /** auto_punctuation: ask for punctuated text (true), or return words only (false). */
  punctuation: boolean;
}

export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
  speaker?: string;
}

export interface Transcript {
  text: string;
  language: string | null;
  /** Timings where the provider gives them (WebVTT in exports). */
  segments: TranscriptSegment[];
}

export interface ProviderEndpoint {
  apiKey: string;
  baseUrl: string;
  fetch: typeof fetch;
}
