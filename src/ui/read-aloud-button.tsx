import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Whether this browser can speak (the Web Speech API's synthesis half). */
export function canReadAloud(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && 'SpeechSynthesisUtterance' in window;
}

/**
 * Reads a note aloud with the browser's voices. The caller hides it when read-aloud is off or the note
 * is locked; it hides itself where speech synthesis does not exist. Leaving the note stops the voice.
 */
export function ReadAloudButton({ text, lang }: { text: string; lang: string }) {
  const { t } = useTranslation();
  const [speaking, setSpeaking] = useState(false);
  const supported = canReadAloud();

  useEffect(() => {
    if (!supported) return;
    return () => window.speechSynthesis.cancel();
  }, [supported]);

  if (!supported) return null;

  const toggle = () => {
    window.speechSynthesis.cancel();
    if (speaking) {
      setSpeaking(false);
      return;
    }
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = lang;
    utterance.onend = () => setSpeaking(false);
    utterance.onerror = () => setSpeaking(false);
    setSpeaking(true);
    window.speechSynthesis.speak(utterance);
  };

  return (
    <button
      type="button"
      className="button"
      aria-pressed={speaking}
      onClick={toggle}
      disabled={text.trim() === ''}
    >
      {speaking ? t('notes.readAloud.stop') : t('notes.readAloud.start')}
    </button>
  );
}
