import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { TranscriptDestination } from '../../../db/entities/voice-local.ts';
import { notify } from '../../../lib/toasts/toasts.ts';
import { useUserData } from '../../../lib/user-data/use-user-data.ts';
import { useSettings } from '../../settings/use-settings.ts';
import { useSubscription } from '../../subscription/use-subscription.ts';
import { browserRecorderPorts } from './browser-recorder-ports.ts';
import { RecorderContext, type RecorderHandle } from './recorder-context.ts';
import { RecorderController } from './recorder-controller.ts';
import { RecorderDock } from './recorder-dock.tsx';
import { InterruptedRecordings } from './interrupted-recordings.tsx';
import { recorderOptions } from './recorder-options.ts';
import { useTranscriptionQueue } from '../transcription/use-transcription-queue.ts';

const logError = (message: string, error: unknown) => console.error(message, error);

/** Alt+Shift+R: clashes with no browser, screen-reader or OS shortcut we know of. */
function isRecordShortcut(event: KeyboardEvent): boolean {
  return event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyR';
}

/**
 * The signed-in user's recorder: one controller for the whole app (screens start it with their own
 * destination, the shortcut with a new note), its dock, and recordings cut off earlier offered back.
 */
export function RecorderProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const userData = useUserData();
  const { settings } = useSettings();
  const access = useSubscription();
  const allowed = !access.loading && access.canAccessPremium;
  useTranscriptionQueue(settings);

  const controller = useMemo(
    () => (userData ? new RecorderController(browserRecorderPorts(userData.commands), logError) : null),
    [userData],
  );

  useEffect(
    () => () => {
      if (controller?.busy) controller.stop();
    },
    [controller],
  );

  // A refused microphone is also a toast (the permission category's 3 s debounce, spec §9): the user
  // may have started from the keyboard shortcut and be looking elsewhere than the dock.
  useEffect(
    () =>
      controller?.subscribe(() => {
        const state = controller.getSnapshot();
        if (state.kind === 'failed' && state.problem === 'permission')
          notify({ kind: 'error', title: t('voice.problem.permission'), category: 'permission' });
      }),
    [controller, t],
  );

  const handle = useMemo<RecorderHandle | null>(() => {
    if (!controller) return null;
    return {
      controller,
      allowed,
      toggle: (destination: TranscriptDestination) => {
        if (controller.busy) controller.stop();
        else controller.start(recorderOptions(settings, destination));
      },
      startNow: (destination: TranscriptDestination) => {
        if (!controller.busy)
          controller.start({ ...recorderOptions(settings, destination), countdown: false });
      },
      pushToTalk: settings.recording_mode === 'push_to_talk',
    };
  }, [controller, allowed, settings]);

  useEffect(() => {
    if (!handle) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isRecordShortcut(event) || event.repeat) return;
      event.preventDefault();
      // While the subscription is still loading the answer is unknown: neither record nor refuse.
      if (access.loading) return;
      if (!handle.allowed) {
        notify({ kind: 'info', title: t('voice.locked'), category: 'recording' });
        return;
      }
      handle.toggle({ kind: 'new_note' });
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [handle, t, access.loading]);

  return (
    <RecorderContext.Provider value={handle}>
      {children}
      {handle ? <RecorderDock /> : null}
      {handle ? <InterruptedRecordings /> : null}
    </RecorderContext.Provider>
  );
}
