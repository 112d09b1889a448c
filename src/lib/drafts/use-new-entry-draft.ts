import { useEffect, useLayoutEffect, useRef, useState } from 'react';

import { forgetRescue, rescueWrite, type RescuedWrite } from './rescued-writes.ts';
import { keepDraftSaver } from './unsaved-drafts.ts';

/** The words of a new entry's draft: a note's or a diary entry's title and body. */
export interface DraftWords {
  title: string;
  body: string;
}

/**
 * What a new entry's draft hands the full editor once the entry exists: the words typed so far, some
 * perhaps after the create began, and which field had the caret, so typing goes on there.
 */
export interface CarriedDraft extends DraftWords {
  focus: { field: keyof DraftWords; start: number; end: number } | null;
}

type Creation = { state: 'none' } | { state: 'creating' | 'created'; done: Promise<unknown> };

/** Where the caret is, if in one of the draft's fields. */
function caretIn(element: Element | null, fieldIds: Record<keyof DraftWords, string>): CarriedDraft['focus'] {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) return null;
  const field = element.id === fieldIds.title ? 'title' : element.id === fieldIds.body ? 'body' : null;
  if (field === null) return null;
  return { field, start: element.selectionStart ?? 0, end: element.selectionEnd ?? 0 };
}

export interface NewEntryDraftOptions {
  userId: string;
  /** The ids of the draft's title and body fields: the caret is carried from whichever has it. */
  fieldIds: Record<keyof DraftWords, string>;
  /** Creates the entry with its first words, under the id the draft chose; runs at most once at a time. */
  create: (words: DraftWords) => Promise<unknown>;
  /** Told why a create failed; the draft keeps its words and the next keystroke tries again. */
  onCreateFailed: (error: unknown) => void;
  /** The create replayed at the next start, for words on a page closing before the editor took over. */
  rescue: (words: DraftWords) => RescuedWrite;
  /** The created entry has been read back, so the full editor can take over. */
  stored: boolean;
}

/**
 * A new note's or diary entry's draft (ADR 0143): nothing is written until the title or the body holds
 * non-blank words; the first such change creates the entry, once. Until the full editor has taken over,
 * a closing page rescues the words, and a hand-over or a sign-out waits for the create. Once the entry
 * is `stored`, `handover` holds the words and the caret as they are then, set in a layout effect so no
 * keystroke lands between the draft and the editor.
 */
export function useNewEntryDraft(options: NewEntryDraftOptions) {
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  const { userId, stored } = options;
  const [words, setWords] = useState<DraftWords>({ title: '', body: '' });
  const shown = useRef(words);
  const creation = useRef<Creation>({ state: 'none' });
  const [creating, setCreating] = useState(false);
  const [handover, setHandover] = useState<CarriedDraft | null>(null);

  const create = () => {
    const done = latest.current.create(shown.current).then(
      () => {
        creation.current = { state: 'created', done };
      },
      (error: unknown) => {
        creation.current = { state: 'none' };
        setCreating(false);
        latest.current.onCreateFailed(error);
      },
    );
    creation.current = { state: 'creating', done };
    setCreating(true);
  };

  /** Takes the field the person changed; the other keeps what it holds. */
  const change = (changed: Partial<DraftWords>) => {
    const next = { ...shown.current, ...changed };
    shown.current = next;
    setWords(next);
    const hasWords = next.title.trim() !== '' || next.body.trim() !== '';
    if (hasWords && creation.current.state === 'none') create();
  };

  useLayoutEffect(() => {
    if (stored && handover === null) {
      setHandover({ ...shown.current, focus: caretIn(document.activeElement, latest.current.fieldIds) });
    }
  }, [stored, handover]);

  useEffect(() => {
    if (stored) return;
    // Another tab's newer Murmur, or a sign-out, waits for the create that holds the first words.
    const removeSaver = keepDraftSaver(() =>
      creation.current.state === 'none' ? Promise.resolve() : creation.current.done,
    );
    let rescued: string | null = null;
    const onHide = () => {
      const { title, body } = shown.current;
      if (title.trim() === '' && body.trim() === '') return;
      rescued = rescueWrite(userId, latest.current.rescue(shown.current), Date.now());
    };
    // Back from the back/forward cache, the page lives on and saves the words itself.
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted || rescued === null) return;
      forgetRescue(rescued);
      rescued = null;
    };
    window.addEventListener('pagehide', onHide);
    window.addEventListener('pageshow', onShow);
    return () => {
      removeSaver();
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('pageshow', onShow);
    };
  }, [stored, userId]);

  return { words, change, creating, handover };
}
