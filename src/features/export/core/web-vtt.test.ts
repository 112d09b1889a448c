import { WebVTTParser } from 'webvtt-parser';
import { describe, expect, it } from 'vitest';

import { webVtt } from './web-vtt.ts';

/** Every file is checked by a WebVTT validator, not only by comparing strings. */
function parsed(vtt: string) {
  const tree = new WebVTTParser().parse(vtt, 'subtitles');
  expect(tree.errors).toEqual([]);
  return tree.cues.map((cue) => ({ start: cue.startTime, end: cue.endTime, text: cue.text }));
}

describe('webVtt', () => {
  it('writes one cue per segment with its timings', () => {
    const vtt = webVtt([
      { start: 0, end: 2.5, text: 'Good morning.' },
      { start: 2.5, end: 3661.042, text: 'A long walk today.' },
    ]);
    expect(vtt).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:02.500\nGood morning.\n\n' +
        '00:00:02.500 --> 01:01:01.042\nA long walk today.\n',
    );
    expect(parsed(vtt)).toEqual([
      { start: 0, end: 2.5, text: 'Good morning.' },
      { start: 2.5, end: 3661.042, text: 'A long walk today.' },
    ]);
  });

  it('marks speakers as voices and escapes markup so the words come back as written', () => {
    const vtt = webVtt([{ start: 1, end: 2, text: 'a <b> & c --> d', speaker: 'speaker_1' }]);
    expect(vtt).toContain('<v speaker_1>a &lt;b&gt; &amp; c --&gt; d');
    expect(parsed(vtt)).toEqual([{ start: 1, end: 2, text: '<v speaker_1>a &lt;b&gt; &amp; c --&gt; d' }]);
  });

  it('keeps cues in time order, drops wordless segments and blank lines that would end a cue', () => {
    const vtt = webVtt([
      { start: 5, end: 6, text: 'second' },
      { start: 3, end: 4, text: '   ' },
      { start: 1, end: 2, text: 'first\n\nline' },
      { start: 7, end: 7, text: 'instant' },
    ]);
    expect(parsed(vtt).map((cue) => cue.text)).toEqual(['first\nline', 'second', 'instant']);
    expect(vtt).toContain('00:00:07.000 --> 00:00:07.001');
  });

  it('is a valid empty file without segments', () => {
    expect(webVtt([])).toBe('WEBVTT\n');
    expect(parsed(webVtt([]))).toEqual([]);
  });
});
