import type { Transcript } from './transcription-request.ts';

/**
 * Whisper follows the style of its prompt: a short, fully punctuated one makes it punctuate and
 * capitalise even short or hesitant dictation (OpenAI's prompting guide). Its words never reach the
 * transcript.
 */
export const PUNCTUATION_PROMPT =
  'Hello, welcome to my journal. Today was good: I walked, I read, and I rested.';

// Sentence punctuation, Latin and CJK; apostrophes and hyphens inside words stay ("I'll", "well-being").
const PUNCTUATION = /[.,!?;:…¿¡"“”«»()\u3001\u3002\uff01\uff0c\uff1a\uff1b\uff1f]/gu;

function strip(text: string): string {
  return text.replace(PUNCTUATION, ' ').replace(/\s+/g, ' ').trim();
}

/** The transcript as the user asked when auto_punctuation is off: words only, timings kept. */
export function withoutPunctuation(transcript: Transcript): Transcript {
  return {
    ...transcript,
    text: strip(transcript.text),
    segments: transcript.segments.map((segment) => ({ ...segment, text: strip(segment.text) })),
  };
}
