import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import type { TranscriptDestination } from '../../../db/entities/voice-local.ts';
import styles from './recorder.module.css';
import { useRecorder } from './use-recorder.ts';

/**
 * Records into `destination`. Continuous mode: press to start, press again to stop. Push-to-talk:
 * record while the button (or Space/Enter on it) is held; letting go — or the pointer leaving, the
 * browser cancelling the pointer, focus moving away — ends the take whatever its phase. A user without
 * Premium or a trial sees why and where to get it instead of a dead button.
 */
export function RecordButton({ destination, label }: { destination: TranscriptDestination; label?: string }) {
  const { t } = useTranslation();
  const { handle, state } = useRecorder();
  // Only a hold that began on this button ends on it: a pointer merely passing over it, or leaving it
  // after the release, must not stop a recording started elsewhere (the shortcut, another button).
  const held = useRef(false);
  if (!handle) return null;
  if (!handle.allowed) {
    return (
      <p className={styles.locked}>
        {t('voice.locked')} <Link to="/subscription">{t('subscription.startTrialLink')}</Link>
      </p>
    );
  }
  const { controller } = handle;
  const active = state.kind === 'recording' || state.kind === 'countdown' || state.kind === 'starting';
  const text = active ? t('voice.stop') : (label ?? t('voice.record'));

  if (handle.pushToTalk) {
    const press = () => {
      held.current = true;
      handle.startNow(destination);
    };
    const release = () => {
      if (!held.current) return;
      held.current = false;
      controller.stop();
    };
    const onPointerDown = (event: PointerEvent) => {
      // Right and middle buttons open menus; they do not talk.
      if (event.button === 0) press();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.key === ' ' || event.key === 'Enter') && !event.repeat) {
        event.preventDefault();
        press();
      }
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key === ' ' || event.key === 'Enter') release();
    };
    return (
      <button
        type="button"
        className={`button ${styles.recordButton}`}
        aria-pressed={active}
        aria-keyshortcuts="Alt+Shift+R"
        onPointerDown={onPointerDown}
        onPointerUp={release}
        onPointerLeave={release}
        onPointerCancel={release}
        onKeyDown={onKeyDown}
        onKeyUp={onKeyUp}
        onBlur={release}
      >
        {active ? t('voice.stop') : t('voice.holdToTalk')}
      </button>
    );
  }

  return (
    <button
      type="button"
      className={`button ${styles.recordButton}`}
      aria-pressed={active}
      aria-keyshortcuts="Alt+Shift+R"
      disabled={state.kind === 'stopping' || state.kind === 'saving' || state.kind === 'confirming'}
      onClick={() => handle.toggle(destination)}
    >
      {text}
    </button>
  );
}
