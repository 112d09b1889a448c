import { useEffect, useRef, type RefObject } from 'react';

import { appendTranscript } from './deliver-transcript.ts';
import { registerTranscriptTarget } from './transcript-targets.ts';

/** `text` spliced into `value` at the selection, as a word of its own. */
export function insertAt(
  value: string,
  start: number,
  end: number,
  text: string,
): { value: string; caret: number } {
  const before = value.slice(0, start);
  const after = value.slice(end);
  const lead = before === '' || /\s$/.test(before) ? '' : ' ';
  const trail = after === '' || /^\s/.test(after) ? '' : ' ';
  const inserted = `${lead}${text}${trail}`;
  return { value: `${before}${inserted}${after}`, caret: before.length + inserted.length };
}

/**
 * While this editor is open, a transcript meant for its field lands in the editor: at the cursor (or
 * the end if the field never had focus) when pasting is on, else as a new paragraph at the end;
 * `onChange` saves it like typing would.
 */
export function useInsertAtCursor(
  key: string | null,
  field: RefObject<HTMLTextAreaElement | null>,
  value: string,
  onChange: (value: string) => void,
): void {
  const latest = useRef({ value, onChange });
  useEffect(() => {
    latest.current = { value, onChange };
  });
  useEffect(() => {
    if (!key) return;
    return registerTranscriptTarget(key, (text, atCursor) => {
      const element = field.current;
      const current = latest.current.value;
      if (!atCursor) {
        latest.current.onChange(appendTranscript(current, text));
        return;
      }
      const start = element ? element.selectionStart : current.length;
      const end = element ? element.selectionEnd : current.length;
      const next = insertAt(current, start, end, text);
      latest.current.onChange(next.value);
      requestAnimationFrame(() => element?.setSelectionRange(next.caret, next.caret));
    });
  }, [key, field]);
}
