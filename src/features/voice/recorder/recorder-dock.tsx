import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useUserData } from '../../../lib/user-data/use-user-data.ts';
import { useTranscriptionStatus } from '../transcription/use-transcription-status.ts';
import { formatDuration } from './format-duration.ts';
import type { RecorderState } from './recorder-controller.ts';
import styles from './recorder.module.css';
import { useRecorder } from './use-recorder.ts';

const noClock = () => 0;

/**
 * Ticks once a second while recording, so the timer moves without re-rendering anything else. It reads
 * the recorder's clock, the one the recording's start and stored duration come from.
 */
function useElapsed(state: RecorderState, clock: () => number): number {
  const [now, setNow] = useState(clock);
  const recording = state.kind === 'recording';
  useEffect(() => {
    if (!recording) return;
    const timer = window.setInterval(() => setNow(clock()), 1000);
    return () => window.clearInterval(timer);
  }, [recording, clock]);
  return state.kind === 'recording' ? Math.max(0, now - state.startedAt) : 0;
}

/**
 * The recorder's state wherever the user is: counting down, recording with a timer, saving, asking to
 * keep, then the transcription's progress. State changes are announced politely; the timer is visible
 * but not read out every second.
 *
 * The status region stays in the page in every state, ready included: a live region inserted together
 * with its first words is often not read out, so the first step of a take would go unannounced. While
 * ready it is for screen readers only ("Ready to record", also found under the Recorder landmark) —
 * the record buttons show readiness on screen, and an idle panel would cover the page for nothing.
 */
export function RecorderDock() {
  const { t } = useTranslation();
  const { handle, state } = useRecorder();
  const userData = useUserData();
  const elapsed = useElapsed(state, handle?.controller.now ?? noClock);
  const savedId = state.kind === 'saved' ? state.recordingId : null;
  const transcription = useTranscriptionStatus(savedId);
  // A user who may not record is not told they are ready to: the record buttons say why instead.
  if (!handle || (state.kind === 'ready' && !handle.allowed)) return null;
  const { controller } = handle;

  let announcement: string;
  let body: React.ReactNode = null;
  switch (state.kind) {
    case 'ready':
      announcement = t('voice.state.ready');
      break;
    case 'countdown':
      announcement = t('voice.state.countdown', { count: state.remaining });
      body = (
        <button type="button" className="button" onClick={() => controller.stop()}>
          {t('voice.cancel')}
        </button>
      );
      break;
    case 'starting':
      announcement = t('voice.state.starting');
      break;
    case 'recording':
      announcement = t('voice.state.recording');
      body = (
        <>
          <span role="timer" className={styles.timer}>
            {formatDuration(elapsed)}
          </span>
          <button type="button" className="button button-primary" onClick={() => controller.stop()}>
            {t('voice.stop')}
          </button>
        </>
      );
      break;
    case 'stopping':
    case 'saving':
      announcement = t('voice.state.saving');
      break;
    case 'confirming':
      announcement = t('voice.state.confirm', { duration: formatDuration(state.durationMs) });
      body = (
        <>
          <button type="button" className="button button-primary" onClick={() => void controller.keep()}>
            {t('voice.keep')}
          </button>
          <button type="button" className="button" onClick={() => void controller.discard()}>
            {t('voice.discard')}
          </button>
        </>
      );
      break;
    case 'saved':
      announcement = t(`voice.state.${transcription ?? 'queued'}`);
      body = (
        <>
          {transcription === 'failed' && userData ? (
            <button
              type="button"
              className="button"
              onClick={() => void userData.commands.retryTranscriptionJob(state.jobId)}
            >
              {t('voice.retry')}
            </button>
          ) : null}
          <button type="button" className="button" onClick={() => controller.reset()}>
            {t('voice.close')}
          </button>
        </>
      );
      break;
    case 'failed':
      announcement = t(`voice.problem.${state.problem}`);
      body = (
        <button type="button" className="button" onClick={() => controller.reset()}>
          {t('voice.close')}
        </button>
      );
      break;
  }

  return (
    <section
      className={state.kind === 'ready' ? styles.visuallyHidden : styles.dock}
      aria-label={t('voice.dockLabel')}
      data-state={state.kind}
    >
      <p role="status" className={styles.announcement}>
        {announcement}
      </p>
      <div className={styles.controls}>{body}</div>
    </section>
  );
}
