import { transcriptSegmentSchema, type TranscriptSegment } from '../../../db/entities/recording.ts';

/** As many as a recording row keeps (recordingSchema's segments). */
const MAX_SEGMENTS = 20_000;

/**
 * The segments a service returned that a recording can keep. A service's odd segment (negative time, an
 * end before its start, an over-long text) is dropped with a log line rather than losing the transcript:
 * the text is what the user needs; timings only add captions.
 */
export function storableSegments(segments: readonly unknown[]): TranscriptSegment[] {
  const kept: TranscriptSegment[] = [];
  let dropped = 0;
  for (const segment of segments) {
    const parsed = transcriptSegmentSchema.safeParse(segment);
    if (parsed.success && kept.length < MAX_SEGMENTS) kept.push(parsed.data);
    else dropped += 1;
  }
  if (dropped > 0) console.warn(`Transcription: ${dropped} timed segment(s) could not be kept`);
  return kept;
}
