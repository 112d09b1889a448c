import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import type { TranscriptDestination } from '../../../db/entities/voice-local.ts';
import styles from './recorder.module.css';
import { useRecorder } from './use-recorder.ts';

/**
 * Records into `destination`. Continuous mode: press to start, press again to stop. Push-to-talk:
 * record while the button (or Space/Enter on it) is held. A user without Premium or a trial sees why
 * and where to get it instead of a dead button.
 */
export function RecordButton({ destination, label }: { destination: TranscriptDestination; label?: string }) {
  const { t } = useTranslation();
  const { handle, state } = useRecorder();
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
    const press = () => handle.startNow(destination);
    const release = () => controller.stop();
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
        onPointerDown={press}
        onPointerUp={release}
        onPointerLeave={() => state.kind === 'recording' && release()}
        onKeyDown={onKeyDown}
        onKeyUp={onKeyUp}
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
