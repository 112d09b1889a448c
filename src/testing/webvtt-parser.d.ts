// The parts of webvtt-parser (a WebVTT validator, tests only) that Murmur's tests use; it ships no types.
declare module 'webvtt-parser' {
  export interface WebVTTCue {
    startTime: number;
    endTime: number;
    text: string;
  }
  export interface WebVTTParseError {
    message: string;
    line: number;
  }
  export class WebVTTParser {
    parse(
      input: string,
      mode: 'subtitles' | 'metadata' | 'chapters',
    ): { cues: WebVTTCue[]; errors: WebVTTParseError[] };
  }
}
