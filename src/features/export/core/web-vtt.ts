import type { TranscriptSegment } from '../../../db/entities/recording.ts';

/** hh:mm:ss.ttt (WebVTT cue timestamps always with hours here, so any length reads the same). */
function timestamp(ms: number): string {
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/** Cue text is markup: &, < and > are escaped (which also keeps "-->" out of it); blank lines end a cue. */
function cueText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .split(/\r\n|\r|\n/)
    .filter((line) => line.trim() !== '')
    .join('\n');
}

/**
 * A transcript's timed segments as a WebVTT file: one cue per segment in time order, the speaker (where
 * the service told speakers apart) as a voice span. Segments without words are left out.
 */
export function webVtt(segments: readonly TranscriptSegment[]): string {
  const cues = [...segments]
    .sort((a, b) => a.start - b.start || a.end - b.end)
    .flatMap((segment) => {
      const text = cueText(segment.text);
      if (text === '') return [];
      const speaker = segment.speaker ? `<v ${cueText(segment.speaker).replace(/\n/g, ' ')}>` : '';
      // A cue must end after it starts: a zero-length segment (a word's instant) lasts a millisecond.
      const start = Math.round(segment.start * 1000);
      const end = Math.max(Math.round(segment.end * 1000), start + 1);
      return [`${timestamp(start)} --> ${timestamp(end)}\n${speaker}${text}`];
    });
  return ['WEBVTT', ...cues].join('\n\n') + '\n';
}
