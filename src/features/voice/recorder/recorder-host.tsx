import { useStore } from 'jotai';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { notify } from '../../../lib/toasts/toasts.ts';
import { useUserData } from '../../../lib/user-data/use-user-data.ts';
import { useSettings } from '../../settings/index.ts';
import { useSubscription } from '../../subscription/index.ts';
import { RecorderContext, type RecorderHandle } from './recorder-context.ts';
import { createRecorder } from './create-recorder.ts';
import { createRecorderHandle } from './create-recorder-handle.ts';
import { InterruptedRecordings } from './interrupted-recordings.tsx';
import { RecorderDock } from './recorder-dock.tsx';
import { useRecordShortcut } from './use-record-shortcut.ts';
import { useTranscriptionQueue } from '../transcription/use-transcription-queue.ts';

/**
 * The signed-in user's recorder at work: one controller for the whole app (screens start it with their
 * own destination, the shortcut with a new note), the transcription queue, the dock, and recordings cut
 * off earlier offered back. Loaded after the first paint; it hands its handle to RecorderProvider.
 */
export function RecorderHost({ onHandle }: { onHandle: (handle: RecorderHandle | null) => void }) {
  const { t } = useTranslation();
  const userData = useUserData();
  const { settings } = useSettings();
  const access = useSubscription();
  const allowed = !access.loading && access.canAccessPremium;
  useTranscriptionQueue(settings);

  const store = useStore();
  const controller = useMemo(
    () => (userData ? createRecorder(userData.commands, store) : null),
    [userData, store],
  );

  // Once this goes, a question left open stays unanswered: its recording waits for the next start.
  useEffect(() => controller?.attach(), [controller]);

  // A refused microphone is also a toast (the permission category's 3 s debounce, spec §9): the user
  // may have started from the keyboard shortcut and be looking elsewhere than the dock.
  useEffect(
    () =>
      controller
        ? store.sub(controller.stateAtom, () => {
            const { state } = controller;
            if (state.kind === 'failed' && state.problem === 'permission')
              notify({ kind: 'error', title: t('voice.problem.permission'), category: 'permission' });
          })
        : undefined,
    [controller, store, t],
  );

  const handle = useMemo<RecorderHandle | null>(
    () => (controller ? createRecorderHandle(controller, allowed, settings) : null),
    [controller, allowed, settings],
  );

  const refuseShortcut = useCallback(() => {
    notify({ kind: 'info', title: t('voice.locked'), category: 'recording' });
  }, [t]);
  useRecordShortcut(handle, { loading: access.loading, onRefused: refuseShortcut });

  useEffect(() => {
    onHandle(handle);
    return () => onHandle(null);
  }, [handle, onHandle]);

  if (!handle) return null;
  return (
    <RecorderContext.Provider value={handle}>
      <RecorderDock />
      <InterruptedRecordings />
    </RecorderContext.Provider>
  );
}
