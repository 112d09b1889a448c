import { describe, expect, it } from 'vitest';

import { mergeTags } from './merge-tags.ts';
import { mergeText } from './merge-text.ts';

describe('mergeText [R38]', () => {
  it('keeps both edits when they change different words', () => {
    const base = 'The walk was long. We stopped at the lake. Home by six.';
    const ours = 'The walk was very long. We stopped at the lake. Home by six.';
    const theirs = 'The walk was long. We stopped at the lake. Home by seven.';
    expect(mergeText(base, ours, theirs)).toEqual({
      text: 'The walk was very long. We stopped at the lake. Home by seven.',
      clean: true,
    });
  });

  it('keeps both paragraphs typed at opposite ends of a note', () => {
    const base = 'middle';
    expect(mergeText(base, 'Start here. middle', 'middle and the end.')).toEqual({
      text: 'Start here. middle and the end.',
      clean: true,
    });
  });

  it('keeps ours and reports a conflict when both changed the same words differently', () => {
    const base = 'We met at noon.';
    expect(mergeText(base, 'We met at one.', 'We met at two.')).toEqual({
      text: 'We met at one.',
      clean: false,
    });
  });

  it('reports words both sides inserted at one place as a conflict, since their order is a guess', () => {
    expect(mergeText('Note.', 'Note. Ana wrote this.', 'Note. Ben wrote that.')).toEqual({
      text: 'Note. Ana wrote this.',
      clean: false,
    });
  });

  it('still merges the rest of the text around a conflict', () => {
    const base = 'one two three four';
    const merged = mergeText(base, 'ONE two three 4a', 'one two THREE 4b');
    expect(merged).toEqual({ text: 'ONE two THREE 4a', clean: false });
  });

  it('applies the same change made on both sides once', () => {
    expect(mergeText('a b c', 'a x c', 'a x c d')).toEqual({ text: 'a x c d', clean: true });
  });

  it('handles one side emptied, the base empty, and one side unchanged', () => {
    expect(mergeText('all of it', '', 'all of it')).toEqual({ text: '', clean: true });
    expect(mergeText('all of it', 'all of it', '')).toEqual({ text: '', clean: true });
    expect(mergeText('', 'typed here', '')).toEqual({ text: 'typed here', clean: true });
    expect(mergeText('', 'Ana', 'Ben')).toEqual({ text: 'Ana', clean: false });
    // Removing everything while the other side edited one word: the edit is the other side's only change.
    expect(mergeText('keep this word', '', 'keep that word')).toEqual({ text: '', clean: false });
  });

  it('merges edits of a text much longer than a note usually is', () => {
    const paragraph = 'A day by the sea, with gulls and a cold wind off the water.\n';
    const base = paragraph.repeat(2_000);
    const ours = `First line.\n${base}`;
    const theirs = `${base}Last line.\n`;
    const merged = mergeText(base, ours, theirs);
    expect(merged.clean).toBe(true);
    expect(merged.text).toBe(`First line.\n${base}Last line.\n`);
  });

  it('never splits emoji or right-to-left words', () => {
    const base = 'היום 👩‍👩‍👧 טיול';
    const ours = 'היום 👩‍👩‍👧 טיול ארוך';
    const theirs = 'אתמול 👩‍👩‍👧 טיול';
    expect(mergeText(base, ours, theirs)).toEqual({ text: 'אתמול 👩‍👩‍👧 טיול ארוך', clean: true });
    // Replacing one emoji and adding another after it touch different tokens: both apply.
    expect(mergeText('🙂', '🙂🎉', '😀')).toEqual({ text: '😀🎉', clean: true });
    expect(mergeText('🙂', '🎉', '😀')).toEqual({ text: '🎉', clean: false });
  });

  it('keeps ours, reported as not clean, when the sides differ too much to diff', () => {
    const base = Array.from({ length: 30_000 }, (_, index) => `w${index.toString()}`).join(' ');
    const ours = Array.from({ length: 30_000 }, (_, index) => `o${index.toString()}`).join(' ');
    const theirs = `${base} end`;
    expect(mergeText(base, ours, theirs)).toEqual({ text: ours, clean: false });
  });
});

describe('mergeTags [R38]', () => {
  it('keeps a tag added on one side and another removed on the other', () => {
    expect(mergeTags(['home', 'work'], ['home', 'work', 'trip'], ['home'])).toEqual(['home', 'trip']);
  });

  it('removes a tag either side removed and adds each added tag once', () => {
    expect(mergeTags(['a', 'b'], ['b', 'c'], ['a', 'b', 'c'])).toEqual(['b', 'c']);
    expect(mergeTags([], ['x'], ['x'])).toEqual(['x']);
  });
});
