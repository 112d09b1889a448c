import type { InsightsResult } from './insights-types.ts';

/** Words as a reader counts them: runs of letters or digits, in any script. */
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

function countWords(text: string): number {
  let count = 0;
  for (const _match of text.matchAll(WORD)) count += 1;
  return count;
}

export interface WritingRows {
  moods: readonly { note: string }[];
  diary: readonly { title: string; body: string }[];
  notes: readonly { title: string; body: string }[];
  recordings: readonly { duration_ms: number; transcript: string }[];
}

/** Words written (titles, bodies, mood notes and transcripts), entries per kind, minutes recorded. */
export function writingTotals(rows: WritingRows): InsightsResult['writing'] {
  let words = 0;
  for (const { note } of rows.moods) words += countWords(note);
  for (const { title, body } of rows.diary) words += countWords(title) + countWords(body);
  for (const { title, body } of rows.notes) words += countWords(title) + countWords(body);
  let durationMs = 0;
  for (const { duration_ms, transcript } of rows.recordings) {
    words += countWords(transcript);
    durationMs += duration_ms;
  }
  return {
    words,
    entries: {
      moods: rows.moods.length,
      diary: rows.diary.length,
      notes: rows.notes.length,
      recordings: rows.recordings.length,
    },
    recordingMinutes: Math.round(durationMs / 60_000),
  };
}
