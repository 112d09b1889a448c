import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Whether this browser can speak (the Web Speech API's synthesis half). */
export function canReadAloud(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && 'SpeechSynthesisUtterance' in window;
}

interface ReadAloudProps {
  /** What is read; build it with spokenText so parts are read as sentences. */
  text: string;
  /** The user's language: the browser picks its voice for it. */
  lang: string;
  /** Names what is read where several buttons share a screen (a day's check-ins), for its label. */
  subject?: string;
}

/**
 * Reads a note or entry aloud with the browser's voices. The caller hides it when read-aloud is off or
 * the entry is locked; it hides itself where speech synthesis does not exist and when there is nothing
 * to read. Leaving the entry (unmounting) stops the voice.
 *
 * There is no live region for "now reading": a screen reader would announce it over the voice itself,
 * which is the feedback; the button's pressed state says the rest.
 */
export function ReadAloudButton(props: ReadAloudProps) {
  if (!canReadAloud() || props.text.trim() === '') return null;
  return <ReadAloudToggle {...props} />;
}

function ReadAloudToggle({ text, lang, subject }: ReadAloudProps) {
  const { t } = useTranslation();
  const [speaking, setSpeaking] = useState(false);
  /**
   * The utterance this button started, until it ends or is stopped. The engine is one queue for the
   * whole page, so this button only ever cancels while this is set: a card going away must not silence
   * another card's reading, and a late 'interrupted' from an earlier utterance must not un-press it.
   */
  const own = useRef<SpeechSynthesisUtterance | null>(null);

  useEffect(() => {
    const current = own;
    return () => {
      if (current.current === null) return;
      current.current = null;
      window.speechSynthesis.cancel();
    };
  }, []);

  const toggle = () => {
    const synthesis = window.speechSynthesis;
    if (own.current !== null) {
      own.current = null;
      setSpeaking(false);
      synthesis.cancel();
      return;
    }
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = lang;
    const ended = () => {
      if (own.current !== utterance) return;
      own.current = null;
      setSpeaking(false);
    };
    utterance.onend = ended;
    utterance.onerror = ended;
    own.current = utterance;
    setSpeaking(true);
    // One voice at a time: whatever else was reading stops, and its button hears 'interrupted'.
    synthesis.cancel();
    synthesis.speak(utterance);
  };

  const label =
    subject === undefined
      ? undefined
      : t(speaking ? 'readAloud.stopSubject' : 'readAloud.startSubject', { subject });
  return (
    <button type="button" className="button" aria-pressed={speaking} aria-label={label} onClick={toggle}>
      {speaking ? t('readAloud.stop') : t('readAloud.start')}
    </button>
  );
}
